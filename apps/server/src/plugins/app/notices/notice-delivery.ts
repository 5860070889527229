/**
 * The notice delivery channels of this instance (each off unless configured) and the dispatcher
 * that sends what `createNotices` queues. The dispatcher runs when NOTICE_DISPATCHER is on (the
 * default outside tests); a test starts one itself.
 */
import fp from 'fastify-plugin';
import type { ChannelName, DeliveryChannel } from './delivery/channel.js';
import { DingtalkWorkNoticeChannel } from './delivery/dingtalk-work-notice.js';
import { NoticeDispatcher } from './delivery/dispatcher.js';
import { configureOutbox } from './delivery/outbox.js';
import { SmsNoticeChannel } from './delivery/sms-channel.js';
import { WebPushChannel } from './delivery/web-push.js';
import { WecomAppChannel } from './delivery/wecom-app.js';
import { WecomRobotChannel } from './delivery/wecom-robot.js';
import { NoticeSettingsRepository } from './notice-settings-repository.js';

export interface NoticeChannels {
  /** Configured channels, by name. */
  readonly list: readonly DeliveryChannel[];
  has(name: ChannelName): boolean;
  /** The VAPID public key when Web Push is configured. */
  readonly webPushKey: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    noticeChannels: NoticeChannels;
    noticeDispatcher: NoticeDispatcher;
    noticeSettings: NoticeSettingsRepository;
  }
}

export default fp(
  async (app) => {
    const config = app.config.noticeChannels;
    const channels: DeliveryChannel[] = [];
    let webPush: WebPushChannel | undefined;
    if (app.hostApps.wecom) channels.push(new WecomAppChannel(app.hostApps.wecom, config.publicUrl));
    if (app.hostApps.dingtalk) channels.push(new DingtalkWorkNoticeChannel(app.hostApps.dingtalk, config.publicUrl));
    const robots = new WecomRobotChannel(config.wecomRobots);
    if (robots.sites.length > 0) channels.push(robots);
    if (config.sms) channels.push(new SmsNoticeChannel(app.sms, config.sms.dailyCap));
    if (config.webPush) {
      webPush = new WebPushChannel(config.webPush);
      channels.push(webPush);
    }
    const names = new Set(channels.map((channel) => channel.name));
    const secrets = [
      config.wecom?.corpSecret ?? '',
      app.hostApps.wecom?.config.corpSecret ?? '',
      app.hostApps.dingtalk?.config.appSecret ?? '',
      config.webPush?.privateKey ?? '',
      ...Object.values(config.wecomRobots),
    ].filter((secret) => secret !== '');
    const dispatcher = new NoticeDispatcher(app.db, channels, app.log, { secrets });
    const noticeChannels: NoticeChannels = { list: channels, has: (name: ChannelName) => names.has(name), webPushKey: webPush?.publicKey ?? null };
    app.decorate('noticeChannels', noticeChannels);
    app.decorate('noticeSettings', new NoticeSettingsRepository(app.db, noticeChannels, robots.sites, config.sms?.dailyCap ?? 0));
    app.decorate('noticeDispatcher', dispatcher);
    configureOutbox({ channels: names, robotSites: robots.sites });
    app.log.info({ channels: [...names] }, names.size > 0 ? 'notice delivery channels configured' : 'no notice delivery channel configured: notices stay in the app');
    if (app.config.noticeDispatcher) app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      configureOutbox(undefined);
    });
  },
  { name: 'notice-delivery', dependencies: ['db', 'accounts', 'host-apps'] },
);
