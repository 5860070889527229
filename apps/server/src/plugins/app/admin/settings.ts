/**
 * 系统设置 (issue 26 §2): what this server's environment turned on, for the administrator to read —
 * which database, whether Redis is shared, how SMS goes out, which notice channels are on. Only
 * whether a secret is set, never the secret itself.
 */
import type { AdminSettings } from '@sales/contract';
import type { Config } from '../../../env.js';

export function settingsOf(config: Config): AdminSettings {
  const channels = config.noticeChannels;
  return {
    database: config.databaseUrl ? 'postgres' : 'pglite',
    redis: config.redisUrl !== undefined,
    sms: { provider: config.smsProvider, signName: config.aliyunSms?.signName ?? null },
    notices: {
      wecom: channels.wecom ? { corpId: channels.wecom.corpId, agentId: channels.wecom.agentId } : null,
      dingtalk: config.hostApps.dingtalk ? { corpId: config.hostApps.dingtalk.corpId, agentId: config.hostApps.dingtalk.agentId } : null,
      wecomRobotSites: Object.keys(channels.wecomRobots)
        .map(Number)
        .sort((a, b) => a - b),
      smsDailyCap: channels.sms?.dailyCap ?? null,
      webPush: channels.webPush !== undefined,
      publicUrl: channels.publicUrl ?? null,
      scheduler: config.noticeScheduler,
      dispatcher: config.noticeDispatcher,
    },
    orderIntegration: config.integrationApiKey !== undefined && config.integrationApiKey !== '',
    sessionDays: config.sessionDays,
    maxUploadBytes: config.maxUploadBytes,
    visitDeviationMeters: config.visitDeviationMeters,
  };
}
