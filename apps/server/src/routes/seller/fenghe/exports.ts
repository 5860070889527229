import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CUSTOMER_LEVELS, CustomerExportQuery, EXPORT_ROWS_MAX, fenToYuan, ORDER_STATUS_LABELS, OrderExportQuery, chinaDayKey, formatChinaDateTime } from '@sales/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import Type from 'typebox';
import { attachmentHeader, csvChunks, type CsvCell } from '../../../lib/csv.js';
import { forbidden } from '../../../lib/errors.js';
import { appendAudit, clientOf } from '../../../plugins/app/audit.js';
import { canExport, type SalesScope } from '../../../plugins/app/sales-authorization.js';
import { salesScope } from '../../../plugins/app/sales.js';

const tags = ['exports'];
const security = [{ token: [] }];
const csvResponse = { 200: Type.String({ description: 'UTF-8 CSV with a byte order mark' }) };
const time = (date: Date | null) => (date ? formatChinaDateTime(date) : '');

function requireExport(scope: SalesScope): void {
  if (!canExport(scope)) throw forbidden('只有站点负责人可以导出');
}

/** An export hands out a site's customer data: recorded before the file is sent. */
async function auditExport(app: FastifyInstance, request: FastifyRequest, scope: SalesScope, what: 'customers' | 'orders', rows: number): Promise<void> {
  await appendAudit(app.db, { action: `export.${what}`, actorId: scope.userId, targetId: null, detail: `site ${scope.siteId} rows ${rows}`, client: clientOf(request) });
}

/**
 * Streams the CSV as its rows are read: the row count (capped at the export's limit) is counted
 * first so the headers can say it, then the rows follow in batches with the socket's backpressure.
 */
function sendCsv(reply: FastifyReply, names: { zh: string; ascii: string }, header: readonly string[], rows: AsyncIterable<CsvCell[][]>, found: number) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentHeader(names.zh, names.ascii))
    .header('Cache-Control', 'no-store')
    .header('X-Export-Rows', String(Math.min(found, EXPORT_ROWS_MAX)))
    .header('X-Export-Truncated', String(found > EXPORT_ROWS_MAX))
    .send(Readable.from(csvChunks(header, rows)));
}

/** Each batch of rows as CSV cells. */
async function* cellsOf<T>(batches: AsyncIterable<T[]>, toCells: (row: T) => CsvCell[]): AsyncGenerator<CsvCell[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}

/** CSV exports of the customer and order lists for leaders, with the lists' filters. */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/customer/export',
    {
      schema: {
        tags,
        security,
        summary: `导出客户列表 CSV（站点负责人，最多 ${EXPORT_ROWS_MAX} 行）`,
        querystring: CustomerExportQuery,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const scope = salesScope(request);
      requireExport(scope);
      const found = await app.customers.exportCount(scope, request.query, EXPORT_ROWS_MAX + 1);
      // No more rows than counted, so the body matches X-Export-Rows even if rows arrive meanwhile.
      const batches = app.customers.exportBatches(scope, request.query, Math.min(found, EXPORT_ROWS_MAX));
      const rows = cellsOf(batches, (row): CsvCell[] => [
        row.id,
        row.name,
        row.contactName,
        row.phone,
        row.address,
        CUSTOMER_LEVELS.includes(row.level) ? `${row.level}类` : row.level,
        row.source,
        row.ownerName ?? '未绑定',
        row.orderCount,
        fenToYuan(row.totalAmountFen),
        time(row.lastOrderAt),
        time(row.createdAt),
        row.remark,
      ]);
      const header = ['客户ID', '客户名称', '联系人', '电话', '地址', '等级', '来源', '负责人', '成交订单数', '成交金额（元）', '最近下单时间', '创建时间', '备注'];
      const day = chinaDayKey(new Date());
      const names = { zh: `客户列表-${scope.siteName}-${day}.csv`, ascii: `customers-${scope.siteId}-${day}.csv` };
      await auditExport(app, request, scope, 'customers', Math.min(found, EXPORT_ROWS_MAX));
      return sendCsv(reply, names, header, rows, found);
    },
  );

  app.get(
    '/order/export',
    {
      schema: {
        tags,
        security,
        summary: `导出订单列表 CSV（站点负责人，最多 ${EXPORT_ROWS_MAX} 行）`,
        querystring: OrderExportQuery,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const scope = salesScope(request);
      requireExport(scope);
      const found = await app.orders.exportCount(scope, request.query, EXPORT_ROWS_MAX + 1);
      const batches = app.orders.exportBatches(scope, request.query, Math.min(found, EXPORT_ROWS_MAX));
      const rows = cellsOf(batches, (row): CsvCell[] => [
        row.orderNo,
        ORDER_STATUS_LABELS[row.status],
        row.customerName,
        row.staffName ?? '',
        fenToYuan(row.amountFen),
        row.items ?? '',
        time(row.createdAt),
        time(row.paidAt),
        time(row.shippedAt),
        time(row.completedAt),
        time(row.cancelledAt),
        time(row.refundedAt),
        row.remark,
      ]);
      const header = ['订单号', '状态', '客户', '业务员', '金额（元）', '商品明细', '下单时间', '付款时间', '发货时间', '完成时间', '取消时间', '退款时间', '备注'];
      const day = chinaDayKey(new Date());
      const names = { zh: `订单列表-${scope.siteName}-${day}.csv`, ascii: `orders-${scope.siteId}-${day}.csv` };
      await auditExport(app, request, scope, 'orders', Math.min(found, EXPORT_ROWS_MAX));
      return sendCsv(reply, names, header, rows, found);
    },
  );
};

export default exportRoutes;
