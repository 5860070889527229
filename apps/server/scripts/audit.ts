/**
 * npm run audit -- [--since 24h|2026-05-01] [--actor 13800000002] [--action login.failed,customer.*] [--limit 50]
 *
 * Prints the audit log, newest first, from the database of DATABASE_URL or the PGlite database in
 * DATA_DIR (PGlite opens in one process at a time: stop the server first, or read a copy). Like
 * every command it migrates the database first, which is a no-op on one the server runs on.
 */
import { formatChinaDateTime } from '@sales/contract';
import { parseArgs } from 'node:util';
import { configuredDatabase, openDatabase } from '../src/db/client.js';
import { loadConfig } from '../src/env.js';
import { parseSince, readAudit, type AuditFilter } from '../src/plugins/app/audit.js';

function filterFrom(argv: string[]): AuditFilter {
  const { values } = parseArgs({
    args: argv,
    options: { since: { type: 'string' }, actor: { type: 'string' }, action: { type: 'string' }, limit: { type: 'string', default: '50' } },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new Error(`--limit must be a whole number from 1 to 100000, got "${values.limit}"`);
  if (values.actor !== undefined && !/^1\d{10}$/.test(values.actor)) throw new Error(`--actor takes a mobile number (11 digits), got "${values.actor}"`);
  return {
    limit,
    since: values.since === undefined ? undefined : parseSince(values.since),
    actorPhone: values.actor,
    actions: values.action?.split(',').map((action) => action.trim()).filter((action) => action.length > 0),
  };
}

let filter: AuditFilter;
try {
  filter = filterFrom(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error('usage: npm run audit -- [--since 24h|7d|2026-05-01] [--actor phone] [--action login.failed,customer.*] [--limit N]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
try {
  const found = await readAudit(database.db, filter);
  console.table(found.map((row) => ({ time: formatChinaDateTime(row.at), action: row.action, actor: row.actor, target: row.target, detail: row.detail, ip: row.ip })));
  console.log(`${found.length} entr${found.length === 1 ? 'y' : 'ies'}${found.length === filter.limit ? ` (limit ${filter.limit}; --limit shows more)` : ''}`);
} finally {
  await database.close();
}
