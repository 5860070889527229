import path from 'node:path';
import { VISIT_DEVIATION_METERS_DEFAULT } from '@sales/contract';

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
  /** The admin console's build (apps/admin/dist), served at /admin/. */
  adminDist: string;
  /** Whether to load the demo data into an empty database. */
  seedDemo: boolean;
  /** Size of the demo data: 1 is ~2,000 customers and ~20,000 orders; 0.05 for tests, 100 for benchmarks. */
  seedScale: number;
  maxUploadBytes: number;
  sessionDays: number;
  /** Whether this instance runs the notice scheduler (NOTICE_SCHEDULER; on unless NODE_ENV=test). */
  noticeScheduler: boolean;
  /** Seconds between the notice scheduler's ticks (NOTICE_SCHEDULER_INTERVAL_SECONDS, default 60). */
  noticeSchedulerIntervalSeconds: number;
  /** Seconds between two runs of the 公海 return job (on the notice scheduler's timer). */
  poolReturnIntervalSeconds: number;
  /** Channels that carry notices outside the app (企业微信, SMS, Web Push); each off unless configured. */
  noticeChannels: NoticeChannelsConfig;
  /** Whether this process runs the notice delivery worker (on unless NOTICE_DISPATCHER=false; off in tests). */
  noticeDispatcher: boolean;
  /** A check-in farther than this many metres from the customer's position is 位置偏离 (VISIT_DEVIATION_METERS, default 500). */
  visitDeviationMeters: number;
  /**
   * The host apps the company works in: 企业微信's self-built app (the same WECOM_* settings as its
   * app messages) and 钉钉's internal app. Each is off until fully configured; sign-in, directory
   * sync, JS-API signatures and notices all use these.
   */
  hostApps: HostAppsConfig;
}

export interface HostAppsConfig {
  wecom: WecomAppConfig | undefined;
  dingtalk: DingtalkAppConfig | undefined;
}

/** 钉钉 internal app (企业内部应用): its AppKey/AppSecret, AgentId and the company's CorpId. */
export interface DingtalkAppConfig {
  appKey: string;
  appSecret: string;
  agentId: number;
  corpId: string;
  /** The old API's origin (gettoken, topapi/…), default https://oapi.dingtalk.com; http:// only for a local stand-in. */
  apiBase: string;
  /** The new API's origin (v1.0/oauth2/userAccessToken, v1.0/contact/users/me), default https://api.dingtalk.com. */
  newApiBase: string;
  /** 钉钉扫码登录's page origin (DINGTALK_LOGIN_BASE), default https://login.dingtalk.com; a stand-in's in tests. */
  loginBase?: string;
}

/** 企业微信 self-built app: app messages to a staff member's WeCom userid. */
export interface WecomAppConfig {
  corpId: string;
  corpSecret: string;
  agentId: number;
  /** API origin, default https://qyapi.weixin.qq.com; an http:// URL only for a local stand-in. */
  apiBase: string;
  /** The in-app OAuth authorize page's origin (WECOM_OAUTH_BASE), default https://open.weixin.qq.com; a stand-in's in tests. */
  oauthBase?: string;
  /** 企业微信扫码登录's page origin (WECOM_SSO_BASE), default https://login.work.weixin.qq.com; a stand-in's in tests. */
  ssoBase?: string;
}

export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** The VAPID subject: a mailto: or https: contact of whoever runs the server. */
  subject: string;
}

export interface NoticeChannelsConfig {
  wecom: WecomAppConfig | undefined;
  /** 企业微信 group robot webhook URL per site id, for the site-wide kinds (report due, 催交). */
  wecomRobots: Record<number, string>;
  /** SMS for report-due and 催交 notices through SMS_PROVIDER. */
  sms: { dailyCap: number } | undefined;
  webPush: WebPushConfig | undefined;
  /** The app's public address (https://sales.example.com/), for the links of WeCom messages; optional. */
  publicUrl: string | undefined;
}

const trimmed = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** An http(s) origin from the environment (trailing slashes dropped), or the fallback; anything else is refused at start. */
function originOf(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = (trimmed(env, name) ?? fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(value)) throw new Error(`${name} must be an http(s) origin, got "${env[name]}"`);
  return value;
}

/** The notice channels from the environment; a half-configured channel is refused at start, naming what is missing. */
export function loadNoticeChannels(env: NodeJS.ProcessEnv): NoticeChannelsConfig {
  const missingOf = (names: readonly string[]) => names.filter((name) => !trimmed(env, name));

  const wecomNames = ['WECOM_CORP_ID', 'WECOM_CORP_SECRET', 'WECOM_AGENT_ID'] as const;
  const wecomMissing = missingOf(wecomNames);
  if (wecomMissing.length > 0 && wecomMissing.length < wecomNames.length) throw new Error(`企业微信 app messages need ${wecomMissing.join(', ')}`);
  let wecom: WecomAppConfig | undefined;
  if (wecomMissing.length === 0) {
    const agentId = Number(trimmed(env, 'WECOM_AGENT_ID'));
    if (!Number.isInteger(agentId) || agentId <= 0) throw new Error(`WECOM_AGENT_ID must be the app's AgentId (a positive integer), got "${env.WECOM_AGENT_ID}"`);
    wecom = {
      corpId: trimmed(env, 'WECOM_CORP_ID') ?? '',
      corpSecret: trimmed(env, 'WECOM_CORP_SECRET') ?? '',
      agentId,
      apiBase: (trimmed(env, 'WECOM_API_BASE') ?? 'https://qyapi.weixin.qq.com').replace(/\/+$/, ''),
      oauthBase: originOf(env, 'WECOM_OAUTH_BASE', 'https://open.weixin.qq.com'),
      ssoBase: originOf(env, 'WECOM_SSO_BASE', 'https://login.work.weixin.qq.com'),
    };
  } else {
    const stray = ['WECOM_OAUTH_BASE', 'WECOM_SSO_BASE'].filter((name) => trimmed(env, name));
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without WECOM_CORP_ID, WECOM_CORP_SECRET, WECOM_AGENT_ID`);
  }

  const wecomRobots: Record<number, string> = {};
  const robots = trimmed(env, 'WECOM_ROBOT_WEBHOOKS');
  if (robots) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(robots);
    } catch {
      throw new Error('WECOM_ROBOT_WEBHOOKS must be JSON: {"<siteId>": "<webhook URL>"}');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('WECOM_ROBOT_WEBHOOKS must be a JSON object: {"<siteId>": "<webhook URL>"}');
    for (const [site, url] of Object.entries(parsed)) {
      const siteId = Number(site);
      if (!Number.isInteger(siteId) || siteId <= 0 || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        // The URL holds the robot's key: the message names the site only.
        throw new Error(`WECOM_ROBOT_WEBHOOKS: site "${site}" needs a positive site id and an http(s) webhook URL`);
      }
      wecomRobots[siteId] = url;
    }
  }

  let sms: NoticeChannelsConfig['sms'];
  if (env.NOTICE_SMS === 'true') {
    const cap = Number(trimmed(env, 'NOTICE_SMS_DAILY_CAP') ?? 3);
    if (!Number.isInteger(cap) || cap < 1 || cap > 100) throw new Error(`NOTICE_SMS_DAILY_CAP must be an integer from 1 to 100, got "${env.NOTICE_SMS_DAILY_CAP}"`);
    if ((env.SMS_PROVIDER ?? 'console') === 'aliyun' && !trimmed(env, 'ALIYUN_SMS_NOTICE_TEMPLATE')) throw new Error('NOTICE_SMS=true with SMS_PROVIDER=aliyun needs ALIYUN_SMS_NOTICE_TEMPLATE');
    sms = { dailyCap: cap };
  } else if (env.NOTICE_SMS !== undefined && env.NOTICE_SMS !== 'false') {
    throw new Error(`NOTICE_SMS must be true or false, got "${env.NOTICE_SMS}"`);
  }

  const pushNames = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const pushMissing = missingOf(pushNames);
  if (pushMissing.length > 0 && pushMissing.length < pushNames.length) throw new Error(`Web Push needs ${pushMissing.join(', ')}`);
  const subject = trimmed(env, 'VAPID_SUBJECT');
  if (subject && !/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// contact');
  const webPush =
    pushMissing.length === 0 ? { publicKey: trimmed(env, 'VAPID_PUBLIC_KEY') ?? '', privateKey: trimmed(env, 'VAPID_PRIVATE_KEY') ?? '', subject: subject ?? '' } : undefined;

  return { wecom, wecomRobots, sms, webPush, publicUrl: trimmed(env, 'PUBLIC_URL')?.replace(/\/*$/, '/') };
}

/** 钉钉's internal app from DINGTALK_*: all four or none, else the start is refused naming what is missing. */
export function loadDingtalk(env: NodeJS.ProcessEnv): DingtalkAppConfig | undefined {
  const names = ['DINGTALK_APP_KEY', 'DINGTALK_APP_SECRET', 'DINGTALK_AGENT_ID', 'DINGTALK_CORP_ID'] as const;
  const missing = names.filter((name) => !trimmed(env, name));
  if (missing.length === names.length) {
    if (trimmed(env, 'DINGTALK_LOGIN_BASE')) throw new Error('DINGTALK_LOGIN_BASE set without DINGTALK_APP_KEY, DINGTALK_APP_SECRET, DINGTALK_AGENT_ID, DINGTALK_CORP_ID');
    return undefined;
  }
  if (missing.length > 0) throw new Error(`钉钉 needs ${missing.join(', ')}`);
  const agentId = Number(trimmed(env, 'DINGTALK_AGENT_ID'));
  if (!Number.isInteger(agentId) || agentId <= 0) throw new Error(`DINGTALK_AGENT_ID must be the app's AgentId (a positive integer), got "${env.DINGTALK_AGENT_ID}"`);
  const origin = (name: string, fallback: string) => originOf(env, name, fallback);
  return {
    appKey: trimmed(env, 'DINGTALK_APP_KEY') ?? '',
    appSecret: trimmed(env, 'DINGTALK_APP_SECRET') ?? '',
    agentId,
    corpId: trimmed(env, 'DINGTALK_CORP_ID') ?? '',
    apiBase: origin('DINGTALK_API_BASE', 'https://oapi.dingtalk.com'),
    newApiBase: origin('DINGTALK_NEW_API_BASE', 'https://api.dingtalk.com'),
    loginBase: origin('DINGTALK_LOGIN_BASE', 'https://login.dingtalk.com'),
  };
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
  /** Template of a notice (NOTICE_SMS=true) with the variable ${title}; unset, notices are not sent by SMS. */
  noticeTemplate: string | undefined;
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
    noticeTemplate: env.ALIYUN_SMS_NOTICE_TEMPLATE?.trim() || undefined,
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

/** NOTICE_SCHEDULER: on or off; unset means on, except under NODE_ENV=test (a test starts it itself). */
export function parseNoticeScheduler(raw: string | undefined, nodeEnv: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return nodeEnv !== 'test';
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new Error(`NOTICE_SCHEDULER must be on or off, got "${raw}"`);
}

/** NOTICE_SCHEDULER_INTERVAL_SECONDS: 60 unless set; a whole number from 5 to 3600. */
export function parseNoticeInterval(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 60;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 3600) {
    throw new Error(`NOTICE_SCHEDULER_INTERVAL_SECONDS must be a whole number from 5 to 3600, got "${raw}"`);
  }
  return seconds;
}

/** POOL_RETURN_INTERVAL_SECONDS: 300 (5 minutes) unless set; a whole number from 5 to 86400. */
export function parsePoolReturnInterval(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 300;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86_400) {
    throw new Error(`POOL_RETURN_INTERVAL_SECONDS must be a whole number from 5 to 86400, got "${raw}"`);
  }
  return seconds;
}

/** VISIT_DEVIATION_METERS: VISIT_DEVIATION_METERS_DEFAULT (500) unless set; a whole number of metres from 10 to 100000. */
export function parseVisitDeviation(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return VISIT_DEVIATION_METERS_DEFAULT;
  const metres = Number(raw);
  if (!Number.isInteger(metres) || metres < 10 || metres > 100_000) {
    throw new Error(`VISIT_DEVIATION_METERS must be a whole number of metres from 10 to 100000, got "${raw}"`);
  }
  return metres;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const provider = env.SMS_PROVIDER ?? 'console';
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${provider}"`);
  }
  const smsProvider = provider as SmsProviderName;
  const appRoot = path.resolve(import.meta.dirname, '..');
  const noticeChannels = loadNoticeChannels(env);
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
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(appRoot, '..', 'admin', 'dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    seedScale: parseSeedScale(env.SEED_SCALE),
    maxUploadBytes: 5 * 1024 * 1024,
    sessionDays: 30,
    noticeScheduler: parseNoticeScheduler(env.NOTICE_SCHEDULER, env.NODE_ENV),
    noticeSchedulerIntervalSeconds: parseNoticeInterval(env.NOTICE_SCHEDULER_INTERVAL_SECONDS),
    poolReturnIntervalSeconds: parsePoolReturnInterval(env.POOL_RETURN_INTERVAL_SECONDS),
    noticeChannels,
    hostApps: { wecom: noticeChannels.wecom, dingtalk: loadDingtalk(env) },
    noticeDispatcher: env.NOTICE_DISPATCHER ? env.NOTICE_DISPATCHER !== 'false' : env.NODE_ENV !== 'test',
    visitDeviationMeters: parseVisitDeviation(env.VISIT_DEVIATION_METERS),
    ...overrides,
  };
}
