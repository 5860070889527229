import { describe, expect, it } from 'vitest';
import * as constants from '../src/constants.js';
import {
  ERROR_MESSAGES,
  LOAD_ERROR_MESSAGES,
  RUNTIME_ERRORS,
  RUNTIME_LOCALES,
  STORAGE_KEYS,
  TIMEOUT_MESSAGES,
  runtimeLocale,
} from '../src/constants.js';

describe('SPEC §8 error catalogue', () => {
  it('has the exact Chinese messages', () => {
    expect(ERROR_MESSAGES).toEqual({
      loginExpired: '登录过期，请重新登录',
      requestFailed: '请求错误',
      network: '网络错误，换个网络试试',
      userInfoFailed: '登录失败，请重新尝试',
    });
  });

  it('has the runtime error codes', () => {
    expect(RUNTIME_ERRORS.timeout).toEqual({ errMsg: 'timeout', code: 5 });
    expect(RUNTIME_ERRORS.requestNetwork.code).toBe(5);
    expect(RUNTIME_ERRORS.transferNetwork.code).toBe(602001);
    expect(RUNTIME_ERRORS.abort).toEqual({ errMsg: 'abort', code: 600003 });
    expect(RUNTIME_ERRORS.fileError.errMsg).toBe('file error');
  });

  it('asks the user to tap the screen after a time-out in every runtime locale', () => {
    expect(Object.keys(TIMEOUT_MESSAGES).sort()).toEqual([...RUNTIME_LOCALES].sort());
    expect(TIMEOUT_MESSAGES['zh-Hans']).toBe('连接服务器超时，点击屏幕重试');
    expect(TIMEOUT_MESSAGES['zh-Hant']).toContain('點擊螢幕');
    expect(TIMEOUT_MESSAGES.en).toMatch(/tap the screen/i);
    expect(TIMEOUT_MESSAGES.es).toMatch(/toque la pantalla/i);
    expect(TIMEOUT_MESSAGES.fr).toMatch(/touchez l’écran/i);
    expect(Object.keys(LOAD_ERROR_MESSAGES).sort()).toEqual([...RUNTIME_LOCALES].sort());
  });
});

describe('runtimeLocale', () => {
  it('maps Chinese tags to simplified or traditional Chinese', () => {
    expect(runtimeLocale('zh-CN')).toBe('zh-Hans');
    expect(runtimeLocale('zh')).toBe('zh-Hans');
    expect(runtimeLocale('zh-Hans-CN')).toBe('zh-Hans');
    expect(runtimeLocale('zh-SG')).toBe('zh-Hans');
    expect(runtimeLocale('zh-TW')).toBe('zh-Hant');
    expect(runtimeLocale('zh-HK')).toBe('zh-Hant');
    expect(runtimeLocale('zh-MO')).toBe('zh-Hant');
    expect(runtimeLocale('zh-Hant')).toBe('zh-Hant');
  });

  it('maps Spanish and French tags', () => {
    expect(runtimeLocale('es')).toBe('es');
    expect(runtimeLocale('es-MX')).toBe('es');
    expect(runtimeLocale('fr-CA')).toBe('fr');
    expect(runtimeLocale('FR')).toBe('fr');
  });

  it('falls back to English for anything else', () => {
    expect(runtimeLocale('en-US')).toBe('en');
    expect(runtimeLocale('de-DE')).toBe('en');
    expect(runtimeLocale('ja')).toBe('en');
    expect(runtimeLocale('')).toBe('en');
    expect(runtimeLocale(undefined)).toBe('en');
    expect(constants.RUNTIME_FALLBACK_LOCALE).toBe('en');
    expect(constants.COMPONENT_FALLBACK_LOCALE).toBe('zh-Hans');
  });
});

describe('SPEC §9 business constants', () => {
  it('has the versions and build time', () => {
    expect(constants.APP_VERSION).toBe('2.0.1');
    expect(constants.BUILD_TIME).toBe('2025-10-31');
    expect(constants.CONFIG_VERSION).toBe('1.0.0');
    expect(constants.VERSION_CODE).toBe(100);
    expect(constants.PLATFORM).toBe('h5');
  });

  it('has the time-outs and page-load timings', () => {
    expect(constants.REQUEST_TIMEOUT_MS).toBe(1_000_000);
    expect(constants.DEFAULT_NETWORK_TIMEOUT_MS).toBe(60_000);
    expect(constants.PAGE_LOAD_DELAY_MS).toBe(200);
    expect(constants.PAGE_LOAD_TIMEOUT_MS).toBe(60_000);
  });

  it('has the verification code rules of SPEC §5, §9 and DESIGN §5', () => {
    expect(constants.CODE_LENGTH).toBe(6);
    expect(constants.CODE_RESEND_SECONDS).toBe(60);
    expect(constants.CODE_TTL_SECONDS).toBe(300);
    expect(constants.CODE_MAX_ATTEMPTS).toBe(5);
    expect(constants.CODE_DAILY_LIMIT).toBe(10);
  });

  it('has the badge placement and snapping', () => {
    expect(constants.BADGE_SNAP_THRESHOLD).toBe(10);
    expect(constants.BADGE_RIGHT).toBe(0);
    expect(constants.BADGE_TOP).toBe(160);
  });

  it('has the component defaults', () => {
    expect(constants.TOAST_DURATION_MS).toBe(1500);
    expect(constants.LIBRARY_TOAST_DURATION_MS).toBe(2000);
    expect(constants.LONG_PRESS_MS).toBe(350);
    expect(constants.IMAGE_PICK_COUNT).toBe(9);
    expect(constants.VIDEO_MAX_SECONDS).toBe(60);
    expect(constants.INPUT_MAX_LENGTH).toBe(140);
    expect(constants.TEXTAREA_MAX_LENGTH).toBe(140);
    expect(constants.PICKER_ITEM_HEIGHT).toBe(44);
    expect(constants.PICKER_VISIBLE_ITEMS).toBe(5);
    expect(constants.SWIPER_INTERVAL_MS).toBe(5000);
    expect(constants.UPLOAD_MAX_COUNT).toBe(52);
  });

  it('has the colours', () => {
    expect(constants.NAV_BAR_BACKGROUND).toBe('#f8f8f8');
    expect(constants.NAV_BAR_TITLE_COLOR).toBe('#000000');
    expect(constants.PAGE_BACKGROUND).toBe('#FFFFFF');
    expect(constants.TAB_ACTIVE_COLOR).toMatch(/^#[0-9a-f]{6}$/i);
    expect(constants.TAB_INACTIVE_COLOR).not.toBe(constants.TAB_ACTIVE_COLOR);
  });

  it('has the locales', () => {
    expect([...RUNTIME_LOCALES].sort()).toEqual(['en', 'es', 'fr', 'zh-Hans', 'zh-Hant']);
  });
});

describe('DESIGN §3 storage keys', () => {
  it('uses the exact keys', () => {
    expect(STORAGE_KEYS).toEqual({
      token: 'token',
      userId: 'userId',
      userInfo: 'userInfo',
      currentSite: 'currentSite',
      permissionData: 'permissionData',
      buildTime: 'buildTime',
      tabBarIndex: 'app-tabbar-index',
      deviceId: '__DC_STAT_UUID',
    });
  });
});
