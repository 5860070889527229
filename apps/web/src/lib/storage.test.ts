import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, ensureDeviceId, formatBytes, randomId } from './storage';

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('randomId', () => {
  it('makes a UUID v4 without crypto.randomUUID, as over plain HTTP on a phone', () => {
    vi.stubGlobal('isSecureContext', false);
    const spy = vi.spyOn(crypto, 'randomUUID');
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('keeps the device id once made', () => {
    vi.stubGlobal('isSecureContext', false);
    const id = ensureDeviceId();
    expect(ensureDeviceId()).toBe(id);
    expect(JSON.parse(window.localStorage.getItem('__DC_STAT_UUID') ?? 'null')).toBe(id);
  });
});

describe('clearLocalData', () => {
  it('removes drafts and other entries, keeps the session and site keys, and counts the bytes freed', () => {
    for (const key of ['token', 'userId', 'userInfo', 'currentSite', 'permissionData', 'buildTime', 'app-tabbar-index', '__DC_STAT_UUID']) {
      window.localStorage.setItem(key, '"kept"');
    }
    window.localStorage.setItem('weekly-draft:101', 'abcd');
    window.localStorage.setItem('x', '');
    expect(clearLocalData()).toBe((16 + 4 + 1) * 2);
    expect(window.localStorage.getItem('weekly-draft:101')).toBeNull();
    expect(window.localStorage.getItem('x')).toBeNull();
    expect(window.localStorage.length).toBe(8);
    expect(window.localStorage.getItem('token')).toBe('"kept"');
    expect(clearLocalData()).toBe(0);
  });

  it('formats sizes for people', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
