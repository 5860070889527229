/**
 * npm run import:customers -- <file.xlsx|file.csv> [more files…] [--preview]
 *
 * Imports customers into the configured database (DATABASE_URL, or the PGlite database in
 * DATA_DIR) exactly as the console's 导入 › 客户 does (customer-import.ts): the same columns,
 * problems and 查重, every good row of a file in one transaction (绑定 to the 负责人 or into the
 * site's 公海), one audit entry a file. The rows not imported are written beside the file as
 * <name>-未导入.csv with a 错误 column. --preview judges without writing. The database is migrated
 * (and given the demo data unless SEED_DEMO=false) first, as the server would at start. Exit code
 * 0 when every row was imported, 1 when any was not, 2 when a file could not be read. Files are
 * read as streams (customer-file.ts), so memory stays flat however large the file.
 */
import path from 'node:path';
import { loadConfig } from '../src/env.js';
import { openAppDatabase } from './app-database.js';
import { formatReport, importCustomerFile } from './customer-file.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const preview = args.includes('--preview');
const files = args.filter((arg) => arg !== '--preview');
if (files.length === 0) {
  console.error('用法：npm run import:customers -- <文件.xlsx|文件.csv> … [--preview]');
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
      const report = await importCustomerFile(database, resolved, { preview });
      console.log(formatReport(path.basename(file), report, preview));
      if (report.failed > 0) exitCode = Math.max(exitCode, 1);
    } catch (error) {
      console.error(`${path.basename(file)}：无法导入，没有写入任何客户 — ${error instanceof Error ? error.message : String(error)}`);
      exitCode = 2;
    }
  }
} finally {
  await database.close();
}
process.exit(exitCode);
