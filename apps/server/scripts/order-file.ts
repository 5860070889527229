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
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { IngestResult } from '@sales/contract';
import { parseCsv } from '../src/lib/csv.js';
import { INGEST_BATCH_MAX, type OrderIngestion } from '../src/plugins/app/order-ingestion.js';

const ORDER_COLUMNS = ['orderNo', 'siteId', 'customerId', 'staffId', 'status', 'amount', 'createdAt', 'paidAt', 'shippedAt', 'completedAt', 'cancelledAt', 'refundedAt', 'remark'] as const;
const ITEM_COLUMNS = ['itemName', 'quantity', 'unitPrice'] as const;
const REQUIRED_COLUMNS = ['orderNo', 'siteId', 'customerId', 'status', 'createdAt', ...ITEM_COLUMNS] as const;
const INTEGER_COLUMNS = new Set<string>(['siteId', 'customerId', 'staffId', 'quantity']);
const NUMBER_COLUMNS = new Set<string>(['amount', 'unitPrice']);

export interface FileProblem {
  /** Where in the file, e.g. '第 7 行' or '第 3 条'. */
  origin: string;
  orderNo: string | null;
  message: string;
}

export interface OrderFile {
  /** Orders ready for ingestion. */
  orders: unknown[];
  /** Where each order starts in the file, parallel to `orders`. */
  origins: string[];
  /** Orders the file itself got wrong; they are not sent. */
  problems: FileProblem[];
}

/** A cell as the API would receive it: numbers for numeric columns when they look like numbers. */
function cellValue(column: string, text: string): unknown {
  const value = text.trim();
  if (value === '') return undefined;
  if (INTEGER_COLUMNS.has(column) && /^-?\d+$/.test(value)) return Number(value);
  if (NUMBER_COLUMNS.has(column) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

export function ordersFromCsv(text: string): OrderFile {
  const { rows, lines } = parseCsv(text);
  const [header, ...body] = rows;
  if (!header) throw new Error('文件是空的');
  const columns = header.map((name) => name.trim());
  const known = new Set<string>([...ORDER_COLUMNS, ...ITEM_COLUMNS]);
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`不认识的列：${unknown.join('、')}（可用的列：${[...known].join(', ')}）`);
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new Error(`缺少列：${missing.join('、')}`);

  interface Group {
    origin: string;
    order: Record<string, unknown>;
    items: Record<string, unknown>[];
    problem?: string;
  }
  const groups: Group[] = [];
  const byOrderNo = new Map<string, Group>();
  body.forEach((cells, position) => {
    const line = lines[position + 1] ?? 0;
    const record: Record<string, unknown> = {};
    columns.forEach((name, index) => {
      record[name] = cellValue(name, cells[index] ?? '');
    });
    const item = { name: record.itemName, quantity: record.quantity, unitPrice: record.unitPrice };
    const orderNo = typeof record.orderNo === 'string' ? record.orderNo : undefined;
    const existing = orderNo ? byOrderNo.get(orderNo) : undefined;
    if (!existing) {
      const order: Record<string, unknown> = {};
      for (const name of ORDER_COLUMNS) if (record[name] !== undefined) order[name] = record[name];
      const group: Group = { origin: `第 ${line} 行`, order, items: [item] };
      groups.push(group);
      if (orderNo) byOrderNo.set(orderNo, group);
      return;
    }
    existing.items.push(item);
    for (const name of ORDER_COLUMNS) {
      const value = record[name];
      if (value !== undefined && value !== existing.order[name] && !existing.problem) {
        existing.problem = `第 ${line} 行的 ${name} 与该订单首行不一致`;
      }
    }
  });

  const file: OrderFile = { orders: [], origins: [], problems: [] };
  for (const group of groups) {
    const orderNo = typeof group.order.orderNo === 'string' ? group.order.orderNo : null;
    if (group.problem) {
      file.problems.push({ origin: group.origin, orderNo, message: group.problem });
      continue;
    }
    file.orders.push({ ...group.order, items: group.items });
    file.origins.push(group.origin);
  }
  return file;
}

export function ordersFromJson(text: string): OrderFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    throw new Error('不是有效的 JSON 文件');
  }
  const list = Array.isArray(parsed) ? parsed : parsed !== null && typeof parsed === 'object' && 'orders' in parsed ? parsed.orders : undefined;
  if (!Array.isArray(list)) throw new Error('JSON 文件应为订单数组，或 { "orders": [...] }');
  return { orders: list, origins: list.map((_, index) => `第 ${index + 1} 条`), problems: [] };
}

export function readOrderText(fileName: string, text: string): OrderFile {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === '.csv') return ordersFromCsv(text);
  if (ext === '.json') return ordersFromJson(text);
  throw new Error('只支持 .csv 或 .json 文件');
}

export interface ImportReport extends Omit<IngestResult, 'errors'> {
  errors: FileProblem[];
}

/** Ingests a file's orders in batches of at most 1,000 and reports every failure with its place in the file. */
export async function importOrderFile(ingestion: OrderIngestion, filePath: string): Promise<ImportReport> {
  const file = readOrderText(filePath, await fs.readFile(filePath, 'utf8'));
  const report: ImportReport = { created: 0, updated: 0, failed: file.problems.length, errors: [...file.problems] };
  for (let start = 0; start < file.orders.length; start += INGEST_BATCH_MAX) {
    const result = await ingestion.ingest(file.orders.slice(start, start + INGEST_BATCH_MAX));
    report.created += result.created;
    report.updated += result.updated;
    report.failed += result.failed;
    for (const error of result.errors) {
      report.errors.push({ origin: file.origins[start + error.index] ?? `第 ${start + error.index + 1} 单`, orderNo: error.orderNo, message: error.message });
    }
  }
  // In file order: the problems the file itself had and the rows ingestion refused, together.
  const position = (origin: string) => Number(/\d+/.exec(origin)?.[0] ?? 0);
  report.errors.sort((a, b) => position(a.origin) - position(b.origin));
  return report;
}

export function formatReport(fileName: string, report: ImportReport): string {
  const lines = [`${fileName}：新增 ${report.created}，更新 ${report.updated}，失败 ${report.failed}`];
  for (const error of report.errors) lines.push(`  ${error.origin}${error.orderNo ? `（订单 ${error.orderNo}）` : ''}：${error.message}`);
  return lines.join('\n');
}
