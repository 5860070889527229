/** Issue 26 §2: 系统设置 reads how the server is configured — for administrators only, and never a secret. */
import type { AdminSettings } from '@sales/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { ADMINISTRATORS_ONLY } from '../../../src/plugins/app/sales/sales-authorization.js';
import { call, expectFailure, login, PHONES, useTestServer } from '../../helper.js';

const SECRETS = {
  corpSecret: 'wecom-corp-secret-9f3a',
  vapidPrivate: 'vapid-private-key-77c1',
  robotKey: 'robot-key-5d2e',
  apiKey: 'integration-api-key-1b8c',
  accessKeySecret: 'aliyun-access-secret-4e0d',
  accessKeyId: 'aliyun-access-id-2a6f',
  dingtalkSecret: 'dingtalk-app-secret-6c0b',
};

const server = useTestServer({
  integrationApiKey: SECRETS.apiKey,
  smsProvider: 'aliyun',
  aliyunSms: {
    accessKeyId: SECRETS.accessKeyId,
    accessKeySecret: SECRETS.accessKeySecret,
    signName: '销售助手',
    codeTemplate: 'SMS_1',
    resetTemplate: 'SMS_2',
    noticeTemplate: undefined,
    endpoint: 'http://127.0.0.1:9',
    protocol: 'http',
  },
  noticeChannels: {
    wecom: { corpId: 'ww0123456789', corpSecret: SECRETS.corpSecret, agentId: 1000002, apiBase: 'http://127.0.0.1:9' },
    wecomRobots: { 102: `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${SECRETS.robotKey}`, 101: `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${SECRETS.robotKey}` },
    sms: { dailyCap: 3 },
    webPush: { publicKey: 'vapid-public', privateKey: SECRETS.vapidPrivate, subject: 'mailto:ops@example.com' },
    publicUrl: 'https://sales.example.com/',
  },
  hostApps: {
    wecom: undefined,
    dingtalk: { appKey: 'ding-key', appSecret: SECRETS.dingtalkSecret, agentId: 2000001, corpId: 'ding0123', apiBase: 'http://127.0.0.1:9', newApiBase: 'http://127.0.0.1:9' },
  },
});
let adminToken = '';
const settings = (token = adminToken) => call<AdminSettings>(server.app, 'POST', '/seller/admin/settings', { token, body: {} });

beforeAll(async () => {
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
});

describe('/seller/admin/settings', () => {
  it('says what the environment turned on, with no secret anywhere in the answer', async () => {
    const answer = await settings();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      redis: false,
      sms: { provider: 'aliyun', signName: '销售助手' },
      notices: { wecom: { corpId: 'ww0123456789', agentId: 1000002 }, dingtalk: { corpId: 'ding0123', agentId: 2000001 }, wecomRobotSites: [101, 102], smsDailyCap: 3, webPush: true, publicUrl: 'https://sales.example.com/' },
      orderIntegration: true,
      sessionDays: server.config.sessionDays,
      visitDeviationMeters: server.config.visitDeviationMeters,
    });
    expect(answer.body.data.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    for (const secret of Object.values(SECRETS)) expect(answer.raw.body).not.toContain(secret);
  });

  it('refuses everyone but an administrator with 403', async () => {
    for (const phone of [PHONES.liNa, PHONES.zhangWei]) {
      const { token } = await login(server.app, phone);
      expectFailure(await settings(token), 403, ADMINISTRATORS_ONLY);
    }
    expectFailure(await settings(''), 401);
  });
});
