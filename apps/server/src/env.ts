import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smsProvider: 'console';
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

const SMS_PROVIDERS = ['console'] as const;

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
  const appRoot = path.resolve(import.meta.dirname, '..');
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(appRoot, '..', '..', 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smsProvider: 'console',
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
