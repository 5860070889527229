/** Business constants of SPEC §9, shared by the web app and the server. */
export const APP_VERSION = '2.0.1';
export const BUILD_TIME = '2025-10-31';
export const CONFIG_VERSION = '1.0.0';
export const VERSION_CODE = 100;
export const PLATFORM = 'h5';

export const REQUEST_TIMEOUT_MS = 1_000_000;
export const DEFAULT_NETWORK_TIMEOUT_MS = 60_000;
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 300;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_DAILY_LIMIT = 10;

export const BADGE_SNAP_THRESHOLD = 10;
export const BADGE_RIGHT = 0;
export const BADGE_TOP = 160;

export const TOAST_DURATION_MS = 1500;
export const LIBRARY_TOAST_DURATION_MS = 2000;
export const LONG_PRESS_MS = 350;
export const IMAGE_PICK_COUNT = 9;
export const VIDEO_MAX_SECONDS = 60;
export const INPUT_MAX_LENGTH = 140;
export const TEXTAREA_MAX_LENGTH = 140;
export const PICKER_ITEM_HEIGHT = 44;
export const PICKER_VISIBLE_ITEMS = 5;
export const SWIPER_INTERVAL_MS = 5000;
export const UPLOAD_MAX_COUNT = 52;

export const NAV_BAR_BACKGROUND = '#f8f8f8';
export const NAV_BAR_TITLE_COLOR = '#000000';
export const PAGE_BACKGROUND = '#FFFFFF';
export const TAB_ACTIVE_COLOR = '#D4A017';
export const TAB_INACTIVE_COLOR = '#8a8a8a';

export const RUNTIME_LOCALES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const;
export const RUNTIME_FALLBACK_LOCALE = 'en';
export const COMPONENT_FALLBACK_LOCALE = 'zh-Hans';

/** Local storage keys of DESIGN §3. Values are JSON. */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  userInfo: 'userInfo',
  currentSite: 'currentSite',
  permissionData: 'permissionData',
  buildTime: 'buildTime',
  tabBarIndex: 'app-tabbar-index',
  deviceId: '__DC_STAT_UUID',
} as const;

/** Messages of the SPEC §8 error catalogue. */
export const ERROR_MESSAGES = {
  loginExpired: '登录过期，请重新登录',
  requestFailed: '请求错误',
  network: '网络错误，换个网络试试',
  userInfoFailed: '登录失败，请重新尝试',
} as const;

/** Runtime error codes of SPEC §8. */
export const RUNTIME_ERRORS = {
  timeout: { errMsg: 'timeout', code: 5 },
  requestNetwork: { errMsg: 'network error', code: 5 },
  transferNetwork: { errMsg: 'network error', code: 602001 },
  abort: { errMsg: 'abort', code: 600003 },
  fileError: { errMsg: 'file error', code: 602001 },
} as const;

/** Connection time-out message, by runtime locale (SPEC §8). */
export const TIMEOUT_MESSAGES: Record<(typeof RUNTIME_LOCALES)[number], string> = {
  en: 'Connection to server timed out, tap the screen to try again',
  es: 'Se agotó el tiempo de conexión con el servidor, toque la pantalla para volver a intentarlo',
  fr: 'La connexion au serveur a expiré, touchez l’écran pour réessayer',
  'zh-Hans': '连接服务器超时，点击屏幕重试',
  'zh-Hant': '連接伺服器超時，點擊螢幕重試',
};

/** Page-load failure message, by runtime locale. */
export const LOAD_ERROR_MESSAGES: Record<(typeof RUNTIME_LOCALES)[number], string> = {
  en: 'The page failed to load, tap the screen to try again',
  es: 'No se pudo cargar la página, toque la pantalla para volver a intentarlo',
  fr: 'Le chargement de la page a échoué, touchez l’écran pour réessayer',
  'zh-Hans': '页面加载失败，点击屏幕重试',
  'zh-Hant': '頁面載入失敗，點擊螢幕重試',
};

/** Picks the runtime locale for a browser language tag, falling back to English. */
export function runtimeLocale(language: string | undefined): (typeof RUNTIME_LOCALES)[number] {
  const tag = (language ?? '').toLowerCase();
  if (tag.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
  }
  if (tag.startsWith('es')) return 'es';
  if (tag.startsWith('fr')) return 'fr';
  return RUNTIME_FALLBACK_LOCALE;
}
