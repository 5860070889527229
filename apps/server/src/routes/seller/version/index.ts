import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import { APP_VERSION, BUILD_TIME, CONFIG_VERSION, VERSION_CODE } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { readToken } from '../../../plugins/app/auth/authentication.js';
import { tooMany } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';

const tags = ['version'];
/** Version reports one client address may record in an hour; a client reports once per start. */
export const VERSION_REPORT_LIMIT = { count: 60, windowSeconds: 60 * 60 } as const;

/** Compares dotted versions numerically: -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

const versionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.versionInfo, { tags, summary: '服务端与应用版本' }),
    handler: async () =>
    ok({ version: APP_VERSION, versionCode: VERSION_CODE, configVersion: CONFIG_VERSION, buildTime: BUILD_TIME, serverTime: new Date().toISOString() }),
  });

  app.route({
    ...routeOf(app, ROUTES.versionUpdate, { tags, summary: '上报客户端版本并检查更新' }),
    handler: async (request) => {
      const { version, versionCode, platform } = request.body;
      // Anyone may ask (the check runs before login), so the writes are limited per address.
      if ((await app.throttle.hit(`version:ip:${request.ip}`, VERSION_REPORT_LIMIT.windowSeconds)) > VERSION_REPORT_LIMIT.count) {
        throw tooMany('请求过于频繁，请稍后再试');
      }
      const token = readToken(request.headers.authorization);
      const user = token ? await app.accounts.authenticate(token) : null;
      await app.clientVersions.record({ version, versionCode, platform, staffId: user?.id });
      const behind = compareVersions(version, APP_VERSION) < 0 || (versionCode !== undefined && versionCode < VERSION_CODE);
      return ok({
        hasUpdate: behind,
        force: compareVersions(version, '2.0.0') < 0,
        latestVersion: APP_VERSION,
        latestVersionCode: VERSION_CODE,
        notes: behind ? `新版本 ${APP_VERSION} 已发布，刷新页面即可更新` : '当前已是最新版本',
      });
    },
  });
};

export default versionRoutes;
