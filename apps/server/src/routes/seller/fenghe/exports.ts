import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import { chinaDayKey, CUSTOMER_LEVELS, EXPORT_ROWS_MAX, type ExportFormat, fenToYuan, formatChinaDateTime, ORDER_STATUS_LABELS } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { attachmentHeader, csvStream, type CsvCell } from '../../../lib/csv.js';
import { xlsxStream, type XlsxKind } from '../../../lib/xlsx.js';
import { forbidden } from '../../../lib/errors.js';
import { appendAudit, clientOf } from '../../../plugins/app/audit.js';
import { canExport, type SalesScope } from '../../../plugins/app/sales/sales-authorization.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['exports'];
const security = [{ token: [] }];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportResponse = { 200: Type.String({ description: 'UTF-8 CSV with a byte order mark, or an .xlsx workbook (format=xlsx)' }) };
const produces = ['text/csv', XLSX_TYPE];

function requireExport(scope: SalesScope): void {
  if (!canExport(scope)) throw forbidden('只有站点负责人可以导出');
}

/** An export hands out a site's customer data: recorded before the file is sent. */
async function auditExport(app: FastifyInstance, request: FastifyRequest, scope: SalesScope, what: 'customers' | 'orders', rows: number): Promise<void> {
  await appendAudit(app.db, { action: `export.${what}`, actorId: scope.userId, targetId: null, detail: `site ${scope.siteId} rows ${rows}`, client: clientOf(request) });
}

/** The rows an export reads, batch by batch. */
type BatchRow<T> = T extends AsyncIterable<(infer R)[]> ? R : never;
type CustomerExportRow = BatchRow<ReturnType<FastifyInstance['customers']['exportBatches']>>;
type OrderExportRow = BatchRow<ReturnType<FastifyInstance['orders']['exportBatches']>>;

/** One column of an export: its header, what it holds in a workbook, and its value in a row. */
interface ExportColumn<T> {
  header: string;
  kind: XlsxKind;
  value: (row: T) => string | number | Date | null;
}

/** The same cell in a CSV: times as China time text, nothing as an empty cell. */
const csvCellOf = (value: string | number | Date | null): CsvCell => (value instanceof Date ? formatChinaDateTime(value) : value);

/** Each batch of rows as the cells of the columns, as the format wants them. */
async function* cellsOf<T, C>(batches: AsyncIterable<T[]>, columns: readonly ExportColumn<T>[], cell: (value: string | number | Date | null) => C): AsyncGenerator<C[][]> {
  for await (const batch of batches) yield batch.map((row) => columns.map((column) => cell(column.value(row))));
}

interface ExportFile<T> {
  format: ExportFormat;
  /** The file's name without extension, in Chinese and in ASCII; the Chinese one names the sheet too. */
  names: { zh: string; ascii: string; sheet: string };
  columns: readonly ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  found: number;
}

/**
 * Streams the file as its rows are read: the row count (capped at the export's limit) is counted
 * first so the headers can say it, then the rows follow in batches with the socket's backpressure.
 */
function sendExport<T>(reply: FastifyReply, file: ExportFile<T>) {
  const headers = file.columns.map((column) => column.header);
  const body =
    file.format === 'xlsx'
      ? xlsxStream(
          file.names.sheet,
          file.columns.map(({ header, kind }) => ({ header, kind })),
          cellsOf(file.batches, file.columns, (value) => value),
        )
      : csvStream(headers, cellsOf(file.batches, file.columns, csvCellOf));
  return reply
    .header('Content-Type', file.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentHeader(`${file.names.zh}.${file.format}`, `${file.names.ascii}.${file.format}`))
    .header('Cache-Control', 'no-store')
    .header('X-Export-Rows', String(Math.min(file.found, EXPORT_ROWS_MAX)))
    .header('X-Export-Truncated', String(file.found > EXPORT_ROWS_MAX))
    .send(body);
}

const CUSTOMER_COLUMNS: readonly ExportColumn<CustomerExportRow>[] = [
  { header: '客户ID', kind: 'integer', value: (row) => row.id },
  { header: '客户名称', kind: 'text', value: (row) => row.name },
  { header: '联系人', kind: 'text', value: (row) => row.contactName },
  { header: '电话', kind: 'text', value: (row) => row.phone },
  { header: '地址', kind: 'text', value: (row) => row.address },
  { header: '等级', kind: 'text', value: (row) => (CUSTOMER_LEVELS.includes(row.level) ? `${row.level}类` : row.level) },
  { header: '来源', kind: 'text', value: (row) => row.source },
  { header: '负责人', kind: 'text', value: (row) => row.ownerName ?? '未绑定' },
  { header: '成交订单数', kind: 'integer', value: (row) => row.orderCount },
  { header: '成交金额（元）', kind: 'yuan', value: (row) => fenToYuan(row.totalAmountFen) },
  { header: '最近下单时间', kind: 'time', value: (row) => row.lastOrderAt },
  { header: '创建时间', kind: 'time', value: (row) => row.createdAt },
  { header: '备注', kind: 'text', value: (row) => row.remark },
];

const ORDER_COLUMNS: readonly ExportColumn<OrderExportRow>[] = [
  { header: '订单号', kind: 'text', value: (row) => row.orderNo },
  { header: '状态', kind: 'text', value: (row) => ORDER_STATUS_LABELS[row.status] },
  { header: '客户', kind: 'text', value: (row) => row.customerName },
  { header: '业务员', kind: 'text', value: (row) => row.staffName ?? '' },
  { header: '金额（元）', kind: 'yuan', value: (row) => fenToYuan(row.amountFen) },
  { header: '商品明细', kind: 'text', value: (row) => row.items ?? '' },
  { header: '下单时间', kind: 'time', value: (row) => row.createdAt },
  { header: '付款时间', kind: 'time', value: (row) => row.paidAt },
  { header: '发货时间', kind: 'time', value: (row) => row.shippedAt },
  { header: '完成时间', kind: 'time', value: (row) => row.completedAt },
  { header: '取消时间', kind: 'time', value: (row) => row.cancelledAt },
  { header: '退款时间', kind: 'time', value: (row) => row.refundedAt },
  { header: '备注', kind: 'text', value: (row) => row.remark },
];

/** Exports of the customer and order lists for leaders, with the lists' filters, as CSV or .xlsx. */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.customerExport, { tags, security, summary: `导出客户列表 CSV 或 Excel（站点负责人，最多 ${EXPORT_ROWS_MAX} 行）`, produces, response: exportResponse }),
    handler: async (request, reply) => {
      const scope = salesScope(request);
      requireExport(scope);
      const { format = 'csv', ...filter } = request.query;
      const found = await app.customers.exportCount(scope, filter, EXPORT_ROWS_MAX + 1);
      // No more rows than counted, so the body matches X-Export-Rows even if rows arrive meanwhile.
      const batches = app.customers.exportBatches(scope, filter, Math.min(found, EXPORT_ROWS_MAX));
      const day = chinaDayKey(new Date());
      const names = { zh: `客户列表-${scope.siteName}-${day}`, ascii: `customers-${scope.siteId}-${day}`, sheet: '客户列表' };
      await auditExport(app, request, scope, 'customers', Math.min(found, EXPORT_ROWS_MAX));
      return sendExport(reply, { format, names, columns: CUSTOMER_COLUMNS, batches, found });
    },
  });

  app.route({
    ...routeOf(app, ROUTES.orderExport, { tags, security, summary: `导出订单列表 CSV 或 Excel（站点负责人，最多 ${EXPORT_ROWS_MAX} 行）`, produces, response: exportResponse }),
    handler: async (request, reply) => {
      const scope = salesScope(request);
      requireExport(scope);
      const { format = 'csv', ...filter } = request.query;
      const found = await app.orders.exportCount(scope, filter, EXPORT_ROWS_MAX + 1);
      const batches = app.orders.exportBatches(scope, filter, Math.min(found, EXPORT_ROWS_MAX));
      const day = chinaDayKey(new Date());
      const names = { zh: `订单列表-${scope.siteName}-${day}`, ascii: `orders-${scope.siteId}-${day}`, sheet: '订单列表' };
      await auditExport(app, request, scope, 'orders', Math.min(found, EXPORT_ROWS_MAX));
      return sendExport(reply, { format, names, columns: ORDER_COLUMNS, batches, found });
    },
  });
};

export default exportRoutes;
