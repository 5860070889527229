import { afterEach, describe, expect, it, vi } from 'vitest';
import { locate } from '../geolocation';

const hostLocate = vi.fn();
vi.mock('./host-sdk', () => ({ hostLocate: (...args: unknown[]) => hostLocate(...args) }));

const WECOM_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1';

function inHost(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}
function browserAnswers(coords: { latitude: number; longitude: number; accuracy: number }) {
  const getCurrentPosition = vi.fn((success: (position: { coords: typeof coords }) => void) => success({ coords }));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

afterEach(() => {
  vi.restoreAllMocks();
  hostLocate.mockReset();
});

describe('locate inside a host app', () => {
  it('takes the host’s position and does not ask the browser', async () => {
    inHost(WECOM_UA);
    const browser = browserAnswers({ latitude: 1, longitude: 2, accuracy: 3 });
    hostLocate.mockResolvedValue({ latitude: 31.2288, longitude: 121.4692, accuracy: 12 });
    await expect(locate({ highAccuracy: true, timeoutMs: 15_000 })).resolves.toEqual({ latitude: 31.2288, longitude: 121.4692, accuracy: 12 });
    expect(hostLocate).toHaveBeenCalledWith('wecom', { highAccuracy: true, timeoutMs: 15_000 });
    expect(browser).not.toHaveBeenCalled();
  });

  it('falls back to the browser’s geolocation when the host’s fails', async () => {
    inHost('Mozilla/5.0 (iPhone) AliApp(DingTalk/7.6.0)');
    browserAnswers({ latitude: 30.5, longitude: 120.25, accuracy: 40.4 });
    hostLocate.mockRejectedValue(new Error('no bridge'));
    await expect(locate({ highAccuracy: false, timeoutMs: 5_000 })).resolves.toEqual({ latitude: 30.5, longitude: 120.25, accuracy: 40 });
    expect(hostLocate).toHaveBeenCalledWith('dingtalk', { highAccuracy: false, timeoutMs: 5_000 });
  });

  it('never loads the host SDK in a plain browser', async () => {
    browserAnswers({ latitude: 30.5, longitude: 120.25, accuracy: 40 });
    await locate({ highAccuracy: false, timeoutMs: 5_000 });
    expect(hostLocate).not.toHaveBeenCalled();
  });
});
