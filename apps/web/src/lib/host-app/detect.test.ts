// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hostAppOf } from './detect';

describe('hostAppOf', () => {
  it('knows 企业微信 by wxwork/ and 钉钉 by DingTalk/, and nothing else', () => {
    expect(hostAppOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh')).toBe('wecom');
    expect(hostAppOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 wxWork/4.1.22 MicroMessenger/7.0.1')).toBe('wecom');
    expect(hostAppOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AliApp(DingTalk/7.6.0) com.laiwang.DingTalk/33)')).toBe('dingtalk');
    expect(hostAppOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36 MicroMessenger/8.0.50 WeChat')).toBeNull();
    expect(hostAppOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36')).toBeNull();
  });
});
