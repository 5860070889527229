/**
 * Reads an order file for `npm run import:orders` and feeds it to the same ingestion the
 * integration API uses.
 *
 * JSON: an array of orders, or { "orders": [...] }, each shaped like one row of
 * POST /seller/integration/orders.
 *
 * CSV (UTF-8, with or without BOM, first line the header): one line per item; the lines of one
 * order share its orderNo and need not be adjacent. The order columns (orderNo, siteId,
 * customerId, staffId, status, amount, createdAt, paidAt, shippedAt, completedAt, cancelledAt,
 * refundedAt, remark) are read from the order's first line; later lines may leave them empty, and
 * a different value there is an error. The item columns are itemName, quantity and unitPrice
 * (yuan). Empty cells are absent fields; amount, when given, must equal the items' total.
 *
 * Memory stays flat whatever the file's size: the file is read as a stream and its lines (CSV)
 * or entries (JSON) are staged in batches in a TEMP table on one connection. Only once the whole
 * file has been read (so a file that cannot be read imports nothing) are the orders taken back
 * in keyset batches — the lines of one order together, orders in the order of their first line —
 * and ingested INGEST_BATCH_MAX at a time. The failures are staged too and handed back in file
 * order at the end.
 */
import path from 'node:path';
import { INGEST_ITEMS_MAX, type IngestResult } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client.js';
import { csvRecords } from '../src/lib/csv.js';
import { INGEST_BATCH_MAX, OrderIngestion } from '../src/plugins/app/orders/order-ingestion.js';
import { stageJson } from './order-file-json.js';
import { createStaging, dropStaging, fileText, indexStaging, LINES, LineStage, STAGE_BATCH, stagedLines, stagedProblems, stageProblems, type FileProblem } from './order-file-stage.js';

export type { FileProblem } from './order-file-stage.js';

const ORDER_COLUMNS = ['orderNo', 'siteId', 'customerId', 'staffId', 'status', 'amount', 'createdAt', 'paidAt', 'shippedAt', 'completedAt', 'cancelledAt', 'refundedAt', 'remark'] as const;
const ITEM_COLUMNS = ['itemName', 'quantity', 'unitPrice'] as const;
const REQUIRED_COLUMNS = ['orderNo', 'siteId', 'customerId', 'status', 'createdAt', ...ITEM_COLUMNS] as const;
const INTEGER_COLUMNS = new Set<string>(['siteId', 'customerId', 'staffId', 'quantity']);
const NUMBER_COLUMNS = new Set<string>(['amount', 'unitPrice']);

/**
 * Items kept in memory for one order: one more than an order may have, so that an order with too
 * many lines still fails ingestion (一个订单最多200个商品) without its every line being held.
 */
const ITEMS_KEPT = INGEST_ITEMS_MAX + 1;

export type ImportCounts = Omit<IngestResult, 'errors'>;

export interface ImportReport extends ImportCounts {
  errors: FileProblem[];
}

/** A cell as the API would receive it: numbers for numeric columns when they look like numbers. */
function cellValue(column: string, text: string): unknown {
  const value = text.trim();
  if (value === '') return undefined;
  if (INTEGER_COLUMNS.has(column) && /^-?\d+$/.test(value)) return Number(value);
  if (NUMBER_COLUMNS.has(column) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** The header's column names, or a Chinese sentence saying what is wrong with them. */
export function csvColumns(header: readonly string[]): string[] {
  const columns = header.map((name) => name.trim());
  const known = new Set<string>([...ORDER_COLUMNS, ...ITEM_COLUMNS]);
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`不认识的列：${unknown.join('、')}（可用的列：${[...known].join(', ')}）`);
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new Error(`缺少列：${missing.join('、')}`);
  return columns;
}

/**
 * Stages every row of a CSV file with its line and orderNo, then marks each row with its order's
 * first line; returns the header's columns. As when the file was parsed whole, an unclosed quote
 * is reported before a wrong header.
 */
async function stageCsv(db: Db, filePath: string): Promise<string[]> {
  const stage = new LineStage(db);
  let columns: string[] | undefined;
  let headerProblem: Error | undefined;
  let orderNoAt = -1;
  for await (const record of csvRecords(fileText(filePath))) {
    // After a wrong header the file is still read to its end, for an unclosed quote.
    if (headerProblem) continue;
    if (!columns) {
      try {
        columns = csvColumns(record.cells);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        headerProblem = error;
        continue;
      }
      // A column named twice counts with its last cell, as in the order's fields.
      orderNoAt = columns.lastIndexOf('orderNo');
      continue;
    }
    const cells = columns.map((_, index) => record.cells[index] ?? '');
    const orderNo = cellValue('orderNo', cells[orderNoAt] ?? '');
    await stage.add(record.line, typeof orderNo === 'string' ? JSON.stringify(orderNo) : null, JSON.stringify(cells));
  }
  if (headerProblem) throw headerProblem;
  if (!columns) throw new Error('文件是空的');
  await stage.flush();
  await db.execute(sql`
    update ${LINES} l set first_line = g.first_line
    from (select order_key, min(line) as first_line from ${LINES} where order_key is not null group by order_key having count(*) > 1) g
    where l.order_key = g.order_key and l.line > g.first_line`);
  await indexStaging(db);
  return columns;
}

/** Orders ready for ingestion with where each starts, and what the file itself got wrong. */
interface Pending {
  orders: unknown[];
  origins: { position: number; origin: string }[];
}

/** Ingests the staged orders in batches of INGEST_BATCH_MAX and stages every failure; returns the counts. */
/** `columns`: the CSV header's columns; null for a JSON file. */
async function ingestStaged(db: Db, columns: readonly string[] | null): Promise<ImportCounts> {
  const ingestion = new OrderIngestion(db);
  const counts: ImportCounts = { created: 0, updated: 0, failed: 0 };
  let problems: { position: number; problem: FileProblem }[] = [];
  let seq = 0;
  const flushProblems = async () => {
    if (problems.length === 0) return;
    await stageProblems(db, problems.map((entry) => ({ ...entry, seq: (seq += 1) })));
    problems = [];
  };
  const problem = async (position: number, entry: FileProblem) => {
    counts.failed += 1;
    problems.push({ position, problem: entry });
    if (problems.length >= STAGE_BATCH) await flushProblems();
  };

  let pending: Pending = { orders: [], origins: [] };
  const ingestPending = async () => {
    if (pending.orders.length === 0) return;
    const batch = pending;
    pending = { orders: [], origins: [] };
    const result = await ingestion.ingest(batch.orders);
    counts.created += result.created;
    counts.updated += result.updated;
    for (const error of result.errors) {
      const where = batch.origins[error.index];
      await problem(where?.position ?? 0, { origin: where?.origin ?? `第 ${error.index + 1} 单`, orderNo: error.orderNo, message: error.message });
    }
  };
  const send = async (order: unknown, position: number, origin: string) => {
    pending.orders.push(order);
    pending.origins.push({ position, origin });
    if (pending.orders.length >= INGEST_BATCH_MAX) await ingestPending();
  };

  if (!columns) {
    for await (const batch of stagedLines(db)) {
      for (const row of batch) await send(JSON.parse(row.data), row.line, `第 ${row.line} 条`);
    }
  } else {
    interface Group {
      line: number;
      order: Record<string, unknown>;
      items: Record<string, unknown>[];
      problem?: string;
    }
    let group: Group | undefined;
    const finish = async () => {
      if (!group) return;
      const { line, order, items, problem: message } = group;
      group = undefined;
      const orderNo = typeof order.orderNo === 'string' ? order.orderNo : null;
      if (message) await problem(line, { origin: `第 ${line} 行`, orderNo, message });
      else await send({ ...order, items }, line, `第 ${line} 行`);
    };
    for await (const batch of stagedLines(db)) {
      for (const row of batch) {
        const cells = JSON.parse(row.data) as string[];
        const record: Record<string, unknown> = {};
        columns.forEach((name, index) => {
          record[name] = cellValue(name, cells[index] ?? '');
        });
        const item = { name: record.itemName, quantity: record.quantity, unitPrice: record.unitPrice };
        if (row.line === row.firstLine) {
          await finish();
          const order: Record<string, unknown> = {};
          for (const name of ORDER_COLUMNS) if (record[name] !== undefined) order[name] = record[name];
          group = { line: row.line, order, items: [item] };
          continue;
        }
        if (!group) continue;
        if (group.items.length < ITEMS_KEPT) group.items.push(item);
        for (const name of ORDER_COLUMNS) {
          const value = record[name];
          if (value !== undefined && value !== group.order[name] && !group.problem) {
            group.problem = `第 ${row.line} 行的 ${name} 与该订单首行不一致`;
          }
        }
      }
    }
    await finish();
  }
  await ingestPending();
  await flushProblems();
  return counts;
}

/** What to do with an import's outcome: given the counts, and the failures in file order while they can still be read. */
export type ReportUse<T> = (counts: ImportCounts, problems: AsyncIterable<FileProblem>) => Promise<T>;

const collect: ReportUse<ImportReport> = async (counts, problems) => {
  const errors: FileProblem[] = [];
  for await (const problem of problems) errors.push(problem);
  return { ...counts, errors };
};

/**
 * Imports one file through the ingestion of the integration API, every failure reported with its
 * place in the file. Without `use`, the report is returned whole (fine for files with few
 * failures); `use` receives the failures one by one instead, for any number of them.
 */
export function importOrderFile(database: Database, filePath: string): Promise<ImportReport>;
export function importOrderFile<T>(database: Database, filePath: string, use: ReportUse<T>): Promise<T>;
export async function importOrderFile<T>(database: Database, filePath: string, use?: ReportUse<T>): Promise<T | ImportReport> {
  const ext = path.extname(filePath).toLowerCase();
  if (ext !== '.csv' && ext !== '.json') throw new Error('只支持 .csv 或 .json 文件');
  return database.withConnection(async (db) => {
    await createStaging(db);
    try {
      let columns: string[] | null = null;
      if (ext === '.csv') columns = await stageCsv(db, filePath);
      else await stageJson(db, filePath);
      const counts = await ingestStaged(db, columns);
      return await (use ?? collect)(counts, stagedProblems(db));
    } finally {
      await dropStaging(db);
    }
  });
}

export function formatSummary(fileName: string, counts: ImportCounts): string {
  return `${fileName}：新增 ${counts.created}，更新 ${counts.updated}，失败 ${counts.failed}`;
}

export function formatProblem(problem: FileProblem): string {
  return `  ${problem.origin}${problem.orderNo ? `（订单 ${problem.orderNo}）` : ''}：${problem.message}`;
}

export function formatReport(fileName: string, report: ImportReport): string {
  return [formatSummary(fileName, report), ...report.errors.map(formatProblem)].join('\n');
}
