/**
 * npm run import:orders -- <file.csv|file.json> [more files…]
 *
 * Imports orders into the configured database (DATABASE_URL, or the PGlite database in DATA_DIR)
 * exactly as POST /seller/integration/orders does: idempotent by orderNo, row by row, with the
 * customers' figures recomputed. The database is migrated (and given the demo data unless
 * SEED_DEMO=false) first, as the server would at start. Exit code 0 when every order was stored,
 * 1 when any failed, 2 when a file could not be read. Files are read as streams and staged in the
 * database (scripts/order-file.ts), and the report is printed as it is read back, so memory stays
 * flat however large the file and however many of its orders fail.
 */
import path from 'node:path';
import { loadConfig } from '../src/env.js';
import { openAppDatabase } from './app-database.js';
import { formatProblem, formatSummary, importOrderFile } from './order-file.js';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('用法：npm run import:orders -- <文件.csv|文件.json> …');
  process.exit(2);
}

const config = loadConfig();
const database = await openAppDatabase(config);

let exitCode = 0;
try {
  for (const file of files) {
    // npm runs scripts from the package folder; names are relative to where the command was typed.
    const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    try {
      const failed = await importOrderFile(database, resolved, async (counts, problems) => {
        console.log(formatSummary(path.basename(file), counts));
        let lines: string[] = [];
        for await (const problem of problems) {
          lines.push(formatProblem(problem));
          if (lines.length >= 1000) {
            console.log(lines.join('\n'));
            lines = [];
          }
        }
        if (lines.length > 0) console.log(lines.join('\n'));
        return counts.failed;
      });
      if (failed > 0) exitCode = Math.max(exitCode, 1);
    } catch (error) {
      console.error(`${path.basename(file)}：无法导入 — ${error instanceof Error ? error.message : String(error)}`);
      exitCode = 2;
    }
  }
} finally {
  await database.close();
}
process.exit(exitCode);
