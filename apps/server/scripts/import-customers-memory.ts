/**
 * npm run import:customers:memory — how much memory `npm run import:customers` holds while it
 * imports 5,000 and then 50,000 customers (IMPORT_CUSTOMERS=5000,50000 to choose;
 * IMPORT_HEAP_MB=100 caps the import process's V8 heap, to show the import does not need more;
 * IMPORT_FORMAT=xlsx writes workbooks, their texts in a shared strings table as Excel writes them).
 *
 * Opens a fresh PGlite database in a temporary folder with the demo data (SEED_SCALE, default
 * 0.1), writes a CSV a size: every site's customers, two in three with a 负责人 of the site, one in
 * fifty with a bad phone and one in fifty repeating an earlier row's phone (so the error file and
 * 查重 within the file have work). Each file is imported as the command does, in a process of its
 * own: prints that process's peak RSS (the kernel's figure) before and after the import, and its
 * RSS and heap sampled every 20 ms. The temporary folder is removed at the end.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { CUSTOMER_IMPORT_COLUMNS } from '@sales/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { csvStream, type CsvCell } from '../src/lib/csv.js';
import { importCustomerFile } from './customer-file.js';
import { MB, sampleMemory } from './memory-sampler.js';

const SIZES = (process.env.IMPORT_CUSTOMERS ?? '5000,50000').split(',').map(Number);
const SCALE = Number(process.env.SEED_SCALE ?? 0.1);
/** IMPORT_FORMAT=xlsx measures a workbook instead of a CSV. */
const FORMAT = process.env.IMPORT_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const LEVELS = ['A', 'B', 'C'];
const SOURCES = ['地推', '转介绍', '展会', '线上'];

interface Place {
  siteId: number;
  owners: string[];
}

/** Each file's phones start differently, so a later file does not repeat an earlier one's customers. */
const PREFIXES = ['170', '180', '190', '150', '160'];

async function writeCustomers(file: string, size: number, places: readonly Place[], prefix: string): Promise<void> {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let batch: CsvCell[][] = [];
    for (let index = 0; index < size; index += 1) {
      const place = places[index % places.length] as Place;
      const owner = index % 3 === 2 || place.owners.length === 0 ? '' : (place.owners[index % place.owners.length] as string);
      const phone = index % 50 === 7 ? '12345' : `${prefix}${String(index % 50 === 13 && index > 100 ? index - 100 : index).padStart(8, '0')}`;
      batch.push([`内存${size}号客户${index}`, `联系人${index % 97}`, phone, `测试路 ${index} 号`, LEVELS[index % 3], SOURCES[index % 4], place.siteId, owner]);
      if (batch.length === 1000) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  if (FORMAT === 'csv') {
    await pipeline(csvStream([...CUSTOMER_IMPORT_COLUMNS], batches()), fs.createWriteStream(file));
    return;
  }
  // A workbook as Excel and WPS save one: every text in the shared strings table.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow([...CUSTOMER_IMPORT_COLUMNS]).commit();
  for await (const batch of batches()) for (const cells of batch) sheet.addRow(cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))).commit();
  sheet.commit();
  await workbook.commit();
}

/** The import in a child process that only opens the prepared database: its peak RSS is the import's. */
async function measure(dir: string, file: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    const stopSampling = sampleMemory();
    const maxRssBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    const report = await importCustomerFile(database, file);
    const { base, peakRss, peakHeap } = stopSampling();
    const seconds = (performance.now() - started) / 1000;
    const maxRss = process.resourceUsage().maxRSS * 1024;
    global.gc?.();
    const retained = process.memoryUsage().heapUsed;
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(
      `import: ${report.rows} rows, ${((await fs.promises.stat(file)).size / MB).toFixed(1)} MB of ${FORMAT === 'csv' ? 'CSV' : 'xlsx'} in ${seconds.toFixed(1)} s ` +
        `(导入 ${report.created}：有负责人 ${report.bound}，进入公海 ${report.pooled}；未导入 ${report.failed}); ` +
        `peak RSS of the process ${mb(maxRssBefore)} before → ${mb(maxRss)} MB after (+${mb(maxRss - maxRssBefore)}); ` +
        `sampled: RSS ${mb(base.rss)} → ${mb(peakRss)} MB (+${mb(peakRss - base.rss)}), heap ${mb(base.heapUsed)} → ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)}), ${mb(retained)} MB after a collection at the end`,
    );
  } finally {
    await database.close();
  }
}

if (process.env.IMPORT_MEMORY_DIR && process.env.IMPORT_MEMORY_FILE) {
  await measure(process.env.IMPORT_MEMORY_DIR, process.env.IMPORT_MEMORY_FILE);
} else {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sales-customer-import-memory-'));
  try {
    const database = await openDatabase({
      pgliteDir: path.join(dir, 'pglite'),
      afterMigrate: async (db) => {
        await seedDemoData(db, SEED_STEPS, { scale: SCALE });
      },
    });
    const files: string[] = [];
    try {
      const result = (await database.db.execute(sql`
        select s.id as "siteId", coalesce(array_agg(st.phone order by st.id) filter (where st.id is not null), '{}') as owners
          from sites s
          left join positions p on p.site_id = s.id
          left join staff st on st.id = p.staff_id and st.status = 'active'
         where s.archived_at is null
         group by s.id order by s.id`)) as unknown as { rows: Place[] };
      for (const [index, size] of SIZES.entries()) {
        const file = path.join(dir, `customers-${size}.${FORMAT}`);
        await writeCustomers(file, size, result.rows, PREFIXES[index % PREFIXES.length] as string);
        files.push(file);
      }
    } finally {
      await database.close();
    }
    for (const [index, file] of files.entries()) {
      console.log(`file: ${SIZES[index]} customers`);
      // IMPORT_HEAP_MB caps the import's V8 heap: an import that kept its rows would fail under it.
      const heapCap = process.env.IMPORT_HEAP_MB ? [`--max-old-space-size=${Number(process.env.IMPORT_HEAP_MB)}`] : [];
      const child = spawn(process.execPath, [...process.execArgv, ...heapCap, fileURLToPath(import.meta.url)], {
        env: { ...process.env, IMPORT_MEMORY_DIR: dir, IMPORT_MEMORY_FILE: file },
        stdio: 'inherit',
      });
      const [code] = (await once(child, 'exit')) as [number | null];
      if (code !== 0) process.exitCode = code ?? 1;
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
