import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import path from 'node:path';
import { AccountService } from './account/accounts.js';
import { ClientVersions } from './client-versions.js';
import { SessionCache } from './auth/session-cache.js';
import { AliyunSmsProvider, ConsoleSmsProvider, SmsOutbox, type SmsProvider } from './account/sms.js';
import { LocalFileStorage, type FileStorage } from './uploads/storage.js';
import { assertRedisVersion, DbThrottle, RedisThrottle, type Throttle } from './throttle.js';
import { UploadsRepository } from './uploads/uploads-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    storage: FileStorage;
    throttle: Throttle;
    sms: SmsProvider;
    smsOutbox: SmsOutbox;
    uploads: UploadsRepository;
    clientVersions: ClientVersions;
    /** Sessions, user info and sales scopes of this instance, dropped by every change of a user. */
    sessionCache: SessionCache;
  }
}

/** The domain services every route uses, built once per app. */
export default fp(
  async (app) => {
    let throttle: Throttle = new DbThrottle(app.db);
    const sessionCache = new SessionCache((error) => app.log.error({ err: error }, 'could not tell the other instances about an ended session'));
    if (app.config.redisUrl) {
      const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      try {
        await assertRedisVersion(redis);
      } catch (error) {
        await redis.quit();
        throw error;
      }
      // Invalidations of cached sessions go to every instance over a subscriber connection of their own.
      const subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false });
      subscriber.on('error', (error) => app.log.warn({ err: error }, 'Redis subscriber connection failed; sessions are read from the database until it is back'));
      await subscriber.connect();
      await sessionCache.connect(redis, subscriber);
      app.addHook('onClose', async () => {
        await subscriber.quit();
        await redis.quit();
      });
      throttle = new RedisThrottle(redis);
    }
    let sms: SmsProvider;
    if (app.config.smsProvider === 'aliyun' && app.config.aliyunSms) {
      sms = new AliyunSmsProvider(app.config.aliyunSms, app.log);
    } else {
      sms = new ConsoleSmsProvider(app.log);
      // Said once at start: with the demo provider the codes are in this log, which is its job.
      app.log.warn('SMS_PROVIDER=console: verification codes are written to this log and the development outbox, not sent; set SMS_PROVIDER=aliyun to send real messages');
    }
    app.decorate('throttle', throttle);
    app.decorate('sms', sms);
    app.decorate('smsOutbox', new SmsOutbox(app.db));
    app.decorate('storage', new LocalFileStorage(path.join(app.config.dataDir, 'uploads')));
    app.decorate('uploads', new UploadsRepository(app.db));
    app.decorate('clientVersions', new ClientVersions(app.db));
    app.decorate('sessionCache', sessionCache);
    app.decorate('accounts', new AccountService(app.db, sms, throttle, app.config.sessionDays, sessionCache));
  },
  { name: 'accounts', dependencies: ['db'] },
);
