import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/db/schema.js';
import { loadAliyunSms, loadConfig } from '../../src/env.js';
import { AliyunSmsProvider } from '../../src/plugins/app/account/sms.js';
import { buildTestApp, call, expectFailure, login, PHONES, testConfig, uniqueIp, useTestServer } from '../helper.js';

const server = useTestServer();

interface Received {
  method: string;
  headers: http.IncomingHttpHeaders;
  params: URLSearchParams;
}

/** A local stand-in of the Aliyun SMS API: records each request and answers with `answer`. */
const received: Received[] = [];
let answer: Record<string, string> = { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'req-1' };
const standIn = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    received.push({ method: request.method ?? '', headers: request.headers, params: new URLSearchParams([...url.searchParams, ...new URLSearchParams(body)]) });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer));
  });
});

const ENV = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'test-key-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-key-secret',
  ALIYUN_SMS_SIGN_NAME: '销售助手',
  ALIYUN_SMS_CODE_TEMPLATE: 'SMS_100001',
  ALIYUN_SMS_RESET_TEMPLATE: 'SMS_100002',
};
let endpoint = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const address = standIn.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  answer = { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'req-1' };
});

describe('SMS_PROVIDER=aliyun settings', () => {
  it('names every missing setting at start', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_CODE_TEMPLATE, ALIYUN_SMS_RESET_TEMPLATE/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/console, aliyun/);
  });

  it('talks HTTPS to Aliyun by default, plain HTTP only to an http:// stand-in', () => {
    expect(loadAliyunSms(ENV)).toMatchObject({ endpoint: 'dysmsapi.aliyuncs.com', protocol: 'https', signName: '销售助手' });
    expect(loadAliyunSms({ ...ENV, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/' })).toMatchObject({ endpoint: '127.0.0.1:9', protocol: 'http' });
  });
});

describe('AliyunSmsProvider', () => {
  const provider = () =>
    new AliyunSmsProvider(loadAliyunSms({ ...ENV, ALIYUN_SMS_ENDPOINT: endpoint }), server.app.log);

  it('sends a code through the SendSms API with the signature and code template, and keeps the code out of the outbox', async () => {
    const phone = '13700005001';
    await provider().send(server.db, { phone, scene: 'login', code: '482913', content: '【销售助手】您的登录验证码为482913，5分钟内有效。' });
    expect(received).toHaveLength(1);
    const params = received[0]?.params;
    const headers = received[0]?.headers ?? {};
    expect(headers['x-acs-action']).toBe('SendSms');
    expect(headers['x-acs-version']).toBe('2017-05-25');
    // Signed with the key id; the secret itself never travels.
    expect(headers.authorization).toContain('Credential=test-key-id');
    expect(JSON.stringify(headers)).not.toContain('test-key-secret');
    expect(params?.get('PhoneNumbers')).toBe(phone);
    expect(params?.get('SignName')).toBe('销售助手');
    expect(params?.get('TemplateCode')).toBe('SMS_100001');
    expect(JSON.parse(params?.get('TemplateParam') ?? '{}')).toEqual({ code: '482913' });
    expect(JSON.stringify([...(params ?? [])])).not.toContain('test-key-secret');

    const [row] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(row).toMatchObject({ provider: 'aliyun', code: null, scene: 'login' });
    expect(row?.content).not.toContain('482913');
    expect(row?.content).toContain('******');
  });

  it('sends a reset’s one-time password with the reset template', async () => {
    await provider().send(server.db, { phone: '13700005002', scene: 'resetPassword', code: 'abcd2345ef', content: '临时密码为abcd2345ef' });
    expect(received[0]?.params.get('TemplateCode')).toBe('SMS_100002');
    expect(JSON.parse(received[0]?.params.get('TemplateParam') ?? '{}')).toEqual({ password: 'abcd2345ef' });
  });

  it('answers 503 短信发送失败 when Aliyun refuses, and records nothing as sent', async () => {
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'req-2' };
    await expect(provider().send(server.db, { phone: '13700005003', scene: 'login', code: '111111', content: 'x111111' })).rejects.toMatchObject({
      statusCode: 503,
      message: '短信发送失败，请稍后再试',
    });
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13700005003'))).toEqual([]);
  });
});

describe('the app with SMS_PROVIDER=aliyun', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig(server.dataDir, { databaseUrl: server.config.databaseUrl, smsProvider: 'aliyun', aliyunSms: loadAliyunSms({ ...ENV, ALIYUN_SMS_ENDPOINT: endpoint }) });
    app = await buildTestApp(server.database, config);
  });
  afterAll(async () => {
    await app.close();
  });

  it('delivers a login code through Aliyun, stores it only hashed, and has no development outbox route', async () => {
    const sent = await call(app, 'POST', '/seller/user/send/msg', { body: { phone: PHONES.liuYang, scene: 'login' }, ip: uniqueIp() });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    const code = JSON.parse(received[0]?.params.get('TemplateParam') ?? '{}') as { code: string };
    expect(code.code).toMatch(/^\d{6}$/);
    const rows = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, PHONES.liuYang));
    expect(rows.every((row) => row.code === null && !row.content.includes(code.code))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/__dev/sms/latest?phone=${PHONES.liuYang}` })).statusCode).toBe(404);
    // The code that went out logs the user in.
    expect((await call(app, 'POST', '/seller/user/v2/login', { body: { phone: PHONES.liuYang, code: code.code }, ip: uniqueIp() })).status).toBe(200);
  });

  it('tells the user when the message could not be sent', async () => {
    answer = { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足', RequestId: 'req-3' };
    const { token } = await login(app, PHONES.chenJing);
    expectFailure(await call(app, 'POST', '/seller/user/send', { body: { scene: 'password' }, token, ip: uniqueIp() }), 503, '短信发送失败，请稍后再试');
  });
});
