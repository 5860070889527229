/**
 * One API client per configured host app for the whole process (`app.hostApps`): notices,
 * sign-in, directory sync and JS-API signatures share its cached access token.
 */
import fp from 'fastify-plugin';
import { DingtalkApi } from './dingtalk-api.js';
import { HostLogin } from './host-login.js';
import { WecomApi } from './wecom-api.js';

export interface HostApps {
  wecom: WecomApi | undefined;
  dingtalk: DingtalkApi | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    hostApps: HostApps;
    /** Sign-in through 企业微信 and 钉钉 (host-login.ts). */
    hostLogin: HostLogin;
  }
}

export default fp(
  async (app) => {
    // A test that configures WeCom through its notice channels alone gets the same client.
    const wecom = app.config.hostApps?.wecom ?? app.config.noticeChannels.wecom;
    const dingtalk = app.config.hostApps?.dingtalk;
    const hostApps: HostApps = { wecom: wecom ? new WecomApi(wecom) : undefined, dingtalk: dingtalk ? new DingtalkApi(dingtalk) : undefined };
    app.decorate('hostApps', hostApps);
    app.decorate('hostLogin', new HostLogin(app.db, hostApps, app.accounts, app.config.noticeChannels.publicUrl));
    const on = [wecom ? '企业微信' : '', dingtalk ? '钉钉' : ''].filter(Boolean);
    app.log.info({ hostApps: on }, on.length > 0 ? 'host apps configured' : 'no host app (企业微信, 钉钉) configured');
  },
  { name: 'host-apps', dependencies: ['db', 'accounts'] },
);
