import { NOTICE_RETENTION_DAYS } from '@sales/contract';
import fp from 'fastify-plugin';
import { NoticeCenter } from './notice-center.js';
import { poolReturnJob } from '../pool/pool-return-job.js';
import { NoticeScheduler } from './notice-scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeCenter;
    noticeScheduler: NoticeScheduler;
  }
}

/**
 * 消息中心 and the notice scheduler, with its jobs (the 公海 return job). The scheduler starts with the app when the configuration
 * says so (NOTICE_SCHEDULER) and stops before the database closes.
 */
export default fp(
  async (app) => {
    app.decorate('notices', new NoticeCenter(app.db));
    const scheduler = new NoticeScheduler(app.db, {
      intervalMs: app.config.noticeSchedulerIntervalSeconds * 1000,
      retentionDays: NOTICE_RETENTION_DAYS,
      log: app.log,
      // 自动回收 of the 公海 rules, on the same timer (issue 27 §3).
      jobs: [poolReturnJob(app.config.poolReturnIntervalSeconds * 1000)],
    });
    app.decorate('noticeScheduler', scheduler);
    if (app.config.noticeScheduler) {
      app.addHook('onReady', async () => {
        scheduler.start();
      });
    }
    app.addHook('onClose', async () => {
      await scheduler.stop();
    });
  },
  { name: 'notices', dependencies: ['db'] },
);
