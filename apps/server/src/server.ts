import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './env.js';

const config = loadConfig();
const app = await buildApp({ config });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`销售助手 is ready on http://localhost:${config.port}`);
