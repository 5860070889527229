import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smsProvider: SmsProviderName;
  /** Aliyun SMS settings, present when SMS_PROVIDER is aliyun. */
  aliyunSms: AliyunSmsConfig | undefined;
  logLevel: string;
  production: boolean;
  /** Shared secret the seller platform sends in X-Api-Key to push orders. */
  integrationApiKey: string | undefined;
  /** Directory of the built web app, served at /. */
  webDist: string;
  /** Whether to load the demo data into an empty database. */
  seedDemo: boolean;
  /** Size of the demo data: 1 is ~2,000 customers and ~20,000 orders; 0.05 for tests, 100 for benchmarks. */
  seedScale: number;
  maxUploadBytes: number;
  sessionDays: number;
}

const SMS_PROVIDERS = ['console', 'aliyun'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template of verification codes, with the variable ${code}. */
  codeTemplate: string;
  /** Template of a leader's password reset, with the variable ${password}. */
  resetTemplate: string;
  /** API host, default dysmsapi.aliyuncs.com; an http:// URL only for a local stand-in. */
  endpoint: string;
  protocol: 'https' | 'http';
}

/** The Aliyun settings from the environment; every missing one is named at start, not at the first SMS. */
export function loadAliyunSms(env: NodeJS.ProcessEnv): AliyunSmsConfig {
  const names = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_CODE_TEMPLATE', 'ALIYUN_SMS_RESET_TEMPLATE'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  const rawEndpoint = env.ALIYUN_SMS_ENDPOINT?.trim() || 'dysmsapi.aliyuncs.com';
  const plain = rawEndpoint.startsWith('http://');
  return {
    accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID?.trim() ?? '',
    accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET?.trim() ?? '',
    signName: env.ALIYUN_SMS_SIGN_NAME?.trim() ?? '',
    codeTemplate: env.ALIYUN_SMS_CODE_TEMPLATE?.trim() ?? '',
    resetTemplate: env.ALIYUN_SMS_RESET_TEMPLATE?.trim() ?? '',
    endpoint: rawEndpoint.replace(/^https?:\/\//, '').replace(/\/+$/, ''),
    protocol: plain ? 'http' : 'https',
  };
}

function parsePort(raw: string | undefined): number {
  const port = Number(raw ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

/** SEED_SCALE: 1 unless set; a positive number up to 1000. */
export function parseSeedScale(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    throw new Error(`SEED_SCALE must be a number above 0 and at most 1000, got "${raw}"`);
  }
  return scale;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const provider = env.SMS_PROVIDER ?? 'console';
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${provider}"`);
  }
  const smsProvider = provider as SmsProviderName;
  const appRoot = path.resolve(import.meta.dirname, '..');
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(appRoot, '..', '..', 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smsProvider,
    aliyunSms: smsProvider === 'aliyun' ? loadAliyunSms(env) : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    integrationApiKey: env.INTEGRATION_API_KEY || undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(appRoot, '..', 'web', 'dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    seedScale: parseSeedScale(env.SEED_SCALE),
    maxUploadBytes: 5 * 1024 * 1024,
    sessionDays: 30,
    ...overrides,
  };
}
