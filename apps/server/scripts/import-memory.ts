/**
 * npm run import:memory — how much memory `npm run import:orders` holds while it imports a large
 * order CSV.
 *
 * Opens a fresh PGlite database in a temporary folder with the demo data (SEED_SCALE, default
 * 0.1, for the customers the orders name), writes a CSV of IMPORT_ORDERS orders (default 50,000)
 * with 1–4 items each, the lines of an order far apart (every order's first line, then every
 * second line, …), then imports it as the command does in a process of its own: prints that
 * process's peak RSS (the kernel's figure) before and after the import, and its RSS and heap
 * sampled every 20 ms. The temporary folder is removed at the end.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { SEED_STEPS, seedDemoData } from '../src/db/seed.js';
import { csvStream, type CsvCell } from '../src/lib/csv.js';
import { MB, sampleMemory } from './memory-sampler.js';
import { importOrderFile } from './order-file.js';

const ORDERS = Number(process.env.IMPORT_ORDERS ?? 50_000);
const SCALE = Number(process.env.SEED_SCALE ?? 0.1);
const HEADER = ['orderNo', 'siteId', 'customerId', 'staffId', 'status', 'amount', 'createdAt', 'paidAt', 'shippedAt', 'completedAt', 'cancelledAt', 'refundedAt', 'remark', 'itemName', 'quantity', 'unitPrice'];
const GOODS = ['金龙鱼食用调和油 5L', '五常大米 10kg', '农夫山泉饮用天然水 550ml×24瓶', '维达抽纸 3层100抽×24包', '青岛啤酒经典 500ml×12罐', '海天金标生抽 1.9L'];

/** A small deterministic generator, so every run imports the same file. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function writeOrders(file: string, customers: readonly { id: number; siteId: number }[]): Promise<number> {
  const next = random(20_261_123);
  const orders = Array.from({ length: ORDERS }, (_, index) => {
    const customer = customers[Math.floor(next() * customers.length)] as { id: number; siteId: number };
    const day = 1 + (index % 28);
    const status = next() < 0.3 ? 'pending' : 'completed';
    return { index, customer, day, status, items: 1 + Math.floor(next() * 4) };
  });
  let lines = 0;
  // Every order's first line, then every second line, and so on: no order's lines are adjacent.
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for (let item = 0; item < 4; item += 1) {
      let batch: CsvCell[][] = [];
      for (const order of orders) {
        if (order.items <= item) continue;
        const orderNo = `MEM-${String(order.index).padStart(7, '0')}`;
        const good = [GOODS[(order.index + item) % GOODS.length] as string, 1 + ((order.index + item) % 5), `${10 + (order.index % 90)}.${item}0`];
        const date = `2026-10-${String(order.day).padStart(2, '0')}`;
        const orderCells =
          item === 0
            ? [order.customer.siteId, order.customer.id, '', order.status, '', `${date} 10:00`, order.status === 'pending' ? '' : `${date} 10:05`, '', order.status === 'pending' ? '' : `${date} 18:00`, '', '', order.index % 10 === 0 ? '送货前请电话联系, 谢谢' : '']
            : ['', '', '', '', '', '', '', '', '', '', '', ''];
        batch.push([orderNo, ...orderCells, ...good]);
        lines += 1;
        if (batch.length === 1000) {
          yield batch;
          batch = [];
        }
      }
      yield batch;
    }
  }
  await pipeline(csvStream(HEADER, batches()), fs.createWriteStream(file));
  return lines;
}

/**
 * The import itself runs in a child process that only opens the prepared database, so the
 * kernel's peak RSS of that process (which also sees peaks between two samples, such as a file
 * parsed in one synchronous call) is not the seeding's or the file writing's.
 */
async function measure(dir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    const file = path.join(dir, 'orders.csv');
    const stopSampling = sampleMemory();
    const maxRssBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    const counts = await importOrderFile(database, file, async (summary, problems) => {
      // The command prints the failures; here they are only counted.
      let listed = 0;
      for await (const problem of problems) if (problem) listed += 1;
      return { ...summary, listed };
    });
    const { base, peakRss, peakHeap } = stopSampling();
    const seconds = (performance.now() - started) / 1000;
    const maxRss = process.resourceUsage().maxRSS * 1024;
    global.gc?.();
    const retained = process.memoryUsage().heapUsed;
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(
      `import: ${((await fs.promises.stat(file)).size / MB).toFixed(1)} MB of CSV in ${seconds.toFixed(1)} s ` +
        `(新增 ${counts.created}，更新 ${counts.updated}，失败 ${counts.failed}); ` +
        `peak RSS of the process ${mb(maxRssBefore)} before → ${mb(maxRss)} MB after (+${mb(maxRss - maxRssBefore)}); ` +
        `sampled: RSS ${mb(base.rss)} → ${mb(peakRss)} MB (+${mb(peakRss - base.rss)}), heap ${mb(base.heapUsed)} → ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)}), ${mb(retained)} MB after a collection at the end`,
    );
  } finally {
    await database.close();
  }
}

if (process.env.IMPORT_MEMORY_DIR) {
  await measure(process.env.IMPORT_MEMORY_DIR);
} else {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sales-import-memory-'));
  try {
    const database = await openDatabase({
      pgliteDir: path.join(dir, 'pglite'),
      afterMigrate: async (db) => {
        await seedDemoData(db, SEED_STEPS, { scale: SCALE });
      },
    });
    try {
      const result = (await database.db.execute(sql`select id, site_id as "siteId" from customers order by id`)) as unknown as { rows: { id: number; siteId: number }[] };
      const lines = await writeOrders(path.join(dir, 'orders.csv'), result.rows);
      console.log(`file: ${ORDERS} orders in ${lines} lines, the lines of each order far apart`);
    } finally {
      await database.close();
    }
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { env: { ...process.env, IMPORT_MEMORY_DIR: dir }, stdio: 'inherit' });
    const [code] = (await once(child, 'exit')) as [number | null];
    process.exitCode = code ?? 1;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
