/**
 * 通讯录同步 (issue 28 §2) for the app: `app.directory` on the configured host apps' shared clients,
 * and its daily sync as a job on the one notice scheduler.
 */
import fp from 'fastify-plugin';
import { directoryProviders } from './directory-provider.js';
import { DirectorySync } from './directory-sync.js';

declare module 'fastify' {
  interface FastifyInstance {
    directory: DirectorySync;
  }
}

export default fp(
  async (app) => {
    const directory = new DirectorySync({
      db: app.db,
      providers: directoryProviders(app.hostApps),
      staffChanged: (staffId) => app.accounts.staffChanged(staffId),
      sitesChanged: () => app.sessionCache.invalidate({ sites: true }),
      log: app.log,
    });
    app.decorate('directory', directory);
    app.noticeScheduler.addJob(directory.job());
  },
  { name: 'directory', dependencies: ['db', 'accounts', 'host-apps', 'notices'] },
);
