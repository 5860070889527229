/**
 * 设置 → 消息通知: which kinds of notice a user receives, which channels reach them outside the
 * app, and the Web Push subscriptions of their browsers.
 */
import Type from 'typebox';
import { NOTICE_KINDS } from './notices.js';

export const NoticeKindSchema = Type.Enum(NOTICE_KINDS);

export const NoticeSettings = Type.Object({
  /** Every kind with its Chinese name and whether the user receives it. */
  kinds: Type.Array(Type.Object({ kind: NoticeKindSchema, name: Type.String(), enabled: Type.Boolean() })),
  channels: Type.Object({
    /** 企业微信 app messages: configured on the server, and whether this user's WeCom account is linked. */
    wecom: Type.Object({ configured: Type.Boolean(), linked: Type.Boolean() }),
    /** 钉钉 work notices: configured on the server, and whether this user's DingTalk account is linked. */
    dingtalk: Type.Object({ configured: Type.Boolean(), linked: Type.Boolean() }),
    /** 企业微信 group robots: whether one of the user's sites has one (report due, 催交). */
    wecomRobot: Type.Object({ configured: Type.Boolean() }),
    /** SMS for the kinds listed, to the user's phone, at most `dailyCap` a day. */
    sms: Type.Object({ configured: Type.Boolean(), kinds: Type.Array(NoticeKindSchema), dailyCap: Type.Integer() }),
    /** Web Push: the VAPID public key when configured, and how many of the user's browsers subscribed. */
    webPush: Type.Object({ configured: Type.Boolean(), publicKey: Type.Union([Type.String(), Type.Null()]), subscriptions: Type.Integer() }),
  }),
});
export type NoticeSettings = Type.Static<typeof NoticeSettings>;

export const NoticeSettingsUpdateBody = Type.Object(
  { noticeKind: NoticeKindSchema, enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type NoticeSettingsUpdateBody = Type.Static<typeof NoticeSettingsUpdateBody>;

export const PushKey = Type.Object({ publicKey: Type.Union([Type.String(), Type.Null()]) });
export type PushKey = Type.Static<typeof PushKey>;

/** A browser's PushSubscription (its toJSON()): the push service's https endpoint and the keys. */
export const PushSubscribeBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 1024, pattern: '^https://' }),
    keys: Type.Object(
      { p256dh: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+=*$' }), auth: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+=*$' }) },
      { additionalProperties: false },
    ),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PushSubscribeBody = Type.Static<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false });
export type PushUnsubscribeBody = Type.Static<typeof PushUnsubscribeBody>;
