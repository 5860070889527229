import { describe, expect, it } from 'vitest';
import { applicationServerKey, readPushState } from './push-subscription';

describe('Web Push on this device', () => {
  it('turns the base64url VAPID key into the bytes PushManager takes', () => {
    const bytes = new Uint8Array(65).map((_, index) => (index * 37 + 4) % 256);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const base64url = window.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect([...applicationServerKey(base64url)]).toEqual([...bytes]);
  });

  it('says why not where the browser has no push support', async () => {
    // jsdom has neither a service worker container nor PushManager.
    expect(await readPushState()).toEqual({ kind: 'unsupported', why: '此浏览器不支持推送通知' });
  });
});
