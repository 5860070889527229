import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { smsOutbox } from '../../../db/schema.js';
import type { AliyunSmsConfig } from '../../../env.js';
import { unavailable } from '../../../lib/errors.js';

export interface SmsMessage {
  phone: string;
  /** What the message is for: a code's scene, `resetPassword`, or `notice` (a notice's title, no secret). */
  scene: string;
  /** The secret it carries (a code or one-time password); empty for a notice. */
  code: string;
  content: string;
  /** A notice's title, the ${title} of ALIYUN_SMS_NOTICE_TEMPLATE. */
  title?: string;
}

/** Delivers text messages. Each provider records what it sent in the outbox. */
export interface SmsProvider {
  readonly name: string;
  send(db: Db, message: SmsMessage): Promise<void>;
}

/** The development provider: logs the code and keeps it in the outbox for /__dev/sms/latest. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(db: Db, message: SmsMessage): Promise<void> {
    await db.insert(smsOutbox).values({ phone: message.phone, scene: message.scene, content: message.content, code: message.code || null, provider: this.name });
    this.log.info({ phone: message.phone, scene: message.scene, code: message.code }, 'sms (console provider)');
  }
}

/** The outbox read back: the latest code the console provider kept for a phone (/__dev/sms/latest). */
export class SmsOutbox {
  constructor(private readonly db: Db) {}

  async latestCode(phone: string): Promise<{ phone: string; code: string; scene: string; createdAt: Date } | undefined> {
    const [row] = await this.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, phone), isNotNull(smsOutbox.code)))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return row?.code ? { phone: row.phone, code: row.code, scene: row.scene, createdAt: row.createdAt } : undefined;
  }
}

/** What a real provider's outbox row and log keep: never the code or password itself. */
const hidden = (message: SmsMessage) => (message.code ? message.content.split(message.code).join('*'.repeat(message.code.length)) : message.content);

/** The SDK's CommonJS default export, however the loader presents it. */
const AliyunClient = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

/**
 * Aliyun SMS (dysmsapi 2017-05-25) through Aliyun's official SDK. Codes go in the template of
 * ALIYUN_SMS_CODE_TEMPLATE (${code}), a reset's one-time password in ALIYUN_SMS_RESET_TEMPLATE
 * (${password}); the outbox and the log keep only what was sent, with the secret masked.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly client: Dysmsapi;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new AliyunClient(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: config.endpoint,
        protocol: config.protocol,
      }),
    );
  }

  async send(db: Db, message: SmsMessage): Promise<void> {
    const reset = message.scene === 'resetPassword';
    const notice = message.scene === 'notice';
    if (notice && !this.config.noticeTemplate) throw unavailable('短信通知未配置');
    const request = new SendSmsRequest({
      phoneNumbers: message.phone,
      signName: this.config.signName,
      templateCode: notice ? this.config.noticeTemplate : reset ? this.config.resetTemplate : this.config.codeTemplate,
      // Aliyun caps a notification template's variable at 35 characters.
      templateParam: JSON.stringify(notice ? { title: (message.title ?? '').slice(0, 35) } : reset ? { password: message.code } : { code: message.code }),
    });
    let code: string | undefined;
    let reason: string | undefined;
    try {
      const response = await this.client.sendSms(request);
      code = response.body?.code;
      reason = response.body?.message;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (code !== 'OK') {
      this.log.error({ phone: message.phone, scene: message.scene, providerCode: code, reason }, 'sms not sent (aliyun)');
      throw unavailable('短信发送失败，请稍后再试');
    }
    await db.insert(smsOutbox).values({ phone: message.phone, scene: message.scene, provider: this.name, content: hidden(message), code: null });
    this.log.info({ phone: message.phone, scene: message.scene }, 'sms sent (aliyun)');
  }
}

export const SCENE_TEXT: Record<string, string> = {
  login: '登录',
  newPhone: '绑定新手机号',
  changePhone: '更换手机号',
  password: '修改密码',
  deregister: '注销账号',
};

/** The SMS with a leader's reset: the one-time password and what to do with it. */
export function oneTimePasswordContent(password: string): string {
  return `【销售助手】您的登录密码已被主管重置，临时密码为${password}，请尽快登录并设置新密码。如有疑问请联系您的主管。`;
}

export function smsContent(scene: string, code: string): string {
  return `【销售助手】您的${SCENE_TEXT[scene] ?? ''}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;
}
