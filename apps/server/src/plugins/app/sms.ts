import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { smsOutbox } from '../../db/schema.js';

export interface SmsMessage {
  phone: string;
  scene: string;
  code: string;
  content: string;
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
    await db.insert(smsOutbox).values({ ...message, provider: this.name });
    this.log.info({ phone: message.phone, scene: message.scene, code: message.code }, 'sms (console provider)');
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
