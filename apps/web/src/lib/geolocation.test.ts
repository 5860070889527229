import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockPosition } from './clock-position';
import { GEO_MESSAGES, geoMessageOf, locate } from './geolocation';

type Success = (position: { coords: Partial<GeolocationCoordinates> }) => void;
type Failure = (error: { code: number; PERMISSION_DENIED: 1; POSITION_UNAVAILABLE: 2; TIMEOUT: 3 }) => void;

/** Stands in for navigator.geolocation: answers with `answer` and records the options it got. */
function fakeGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn((success: Success, failure: Failure, _options?: PositionOptions) => answer(success, failure));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}
const failWith = (code: number) => (_success: Success, failure: Failure) => failure({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });

afterEach(() => {
  vi.useRealTimers();
});

describe('locate', () => {
  it('answers the fix rounded to 6 decimals and whole metres, asking with the given options', async () => {
    const get = fakeGeolocation((success) => success({ coords: { latitude: 31.23041234, longitude: 121.47370987, accuracy: 17.6 } }));
    await expect(locate({ highAccuracy: true, timeoutMs: 15_000 })).resolves.toEqual({ latitude: 31.230412, longitude: 121.47371, accuracy: 18 });
    expect(get.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 });
  });

  it('says how to allow the position when it is refused, and why otherwise', async () => {
    fakeGeolocation(failWith(1));
    const refused = await locate({ highAccuracy: true, timeoutMs: 1000 }).catch((error: unknown) => error);
    expect(geoMessageOf(refused)).toBe('无法获取位置：请在浏览器设置中允许本网站使用定位');
    fakeGeolocation(failWith(3));
    expect(geoMessageOf(await locate({ highAccuracy: true, timeoutMs: 1000 }).catch((error: unknown) => error))).toBe(GEO_MESSAGES.timeout);
    fakeGeolocation(failWith(2));
    expect(geoMessageOf(await locate({ highAccuracy: true, timeoutMs: 1000 }).catch((error: unknown) => error))).toBe(GEO_MESSAGES.unavailable);
  });
});

describe('clockPosition', () => {
  it('is the fix when allowed and null when refused', async () => {
    fakeGeolocation((success) => success({ coords: { latitude: 30, longitude: 120, accuracy: 800 } }));
    await expect(clockPosition()).resolves.toEqual({ latitude: 30, longitude: 120, accuracy: 800 });
    fakeGeolocation(failWith(1));
    await expect(clockPosition()).resolves.toBeNull();
  });

  it('does not wait for an unanswered permission prompt', async () => {
    vi.useFakeTimers();
    fakeGeolocation(() => undefined);
    const pending = clockPosition();
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(pending).resolves.toBeNull();
  });
});
