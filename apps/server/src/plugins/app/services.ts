import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import path from 'node:path';
import { AccountService } from './accounts.js';
import { ConsoleSmsProvider, type SmsProvider } from './sms.js';
import { LocalFileStorage, type FileStorage } from './storage.js';
import { assertRedisVersion, DbThrottle, RedisThrottle, type Throttle } from './throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    storage: FileStorage;
    throttle: Throttle;
    sms: SmsProvider;
  }
}

/** The domain services every route uses, built once per app. */
export default fp(
  async (app) => {
    let throttle: Throttle = new DbThrottle(app.db);
    if (app.config.redisUrl) {
      const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      try {
        await assertRedisVersion(redis);
      } catch (error) {
        await redis.quit();
        throw error;
      }
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      throttle = new RedisThrottle(redis);
    }
    const sms = new ConsoleSmsProvider(app.log);
    app.decorate('throttle', throttle);
    app.decorate('sms', sms);
    app.decorate('storage', new LocalFileStorage(path.join(app.config.dataDir, 'uploads')));
    app.decorate('accounts', new AccountService(app.db, sms, throttle, app.config.sessionDays));
  },
  { name: 'accounts', dependencies: ['db'] },
);
