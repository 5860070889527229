import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../route-of.js';
import { chinaDayKey, REPORT_KIND_LABELS, type ReportKind } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { attachmentHeader } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { reportPdf, teamReportPdf } from '../../lib/report-pdf.js';
import { reportScope } from '../../plugins/app/reports/reports.js';
import { uploadKeyOf } from '../../plugins/app/uploads/uploaded-images.js';

const security = [{ token: [] }];
const pdfResponse = { 200: Type.String({ description: 'application/pdf' }) };

function sendPdf(reply: FastifyReply, names: { zh: string; ascii: string }, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentHeader(names.zh, names.ascii).replace(/^attachment/, 'inline'))
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/**
 * The calls of one report kind: /seller/weekly/staff/ (周报) or /seller/halfmonth/staff/ (半月报).
 * Every call is logged in and names its site (siteId in the body, or in the query of the PDFs);
 * the caller's report scope there is resolved before any handler runs.
 */
export function reportRoutes(kind: ReportKind): FastifyPluginAsyncTypebox {
  const label = REPORT_KIND_LABELS[kind];
  const tags = [kind === 'weekly' ? 'weekly-reports' : 'half-month-reports'];
  const routes = kind === 'weekly' ? ROUTES.weeklyReport : ROUTES.halfMonthReport;
  return async (app) => {
    const repository = kind === 'weekly' ? app.weeklyReports : app.halfMonthReports;
    app.addHook('onRequest', app.authenticate);
    app.addHook('preHandler', async (request) => {
      const source = (request.method === 'POST' ? request.body : request.query) as { siteId?: unknown } | undefined;
      const siteId = source?.siteId;
      if (typeof siteId !== 'number') throw badRequest('请填写站点');
      await app.resolveReportScope(request, siteId);
    });

    app.route({
      ...routeOf(app, routes.preview, { tags, security, summary: `填写${label}前：本期业绩与是否已提交` }),
      handler: async (request) => ok(await repository.preview(reportScope(request), request.body.periodStart)),
    });

    app.route({
      ...routeOf(app, routes.create, { tags, security, summary: `提交${label}（每人每站点每期一份）` }),
      handler: async (request) => ok(await app.idempotency.run(request, `${kind}ReportCreate`, request.body, (db) => repository.create(reportScope(request), request.body, db))),
    });

    app.route({
      ...routeOf(app, routes.list, { tags, security, summary: `${label}列表：我的，或主管查看成员的` }),
      handler: async (request) => ok(await repository.list(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.detail, { tags, security, summary: `${label}详情（主管打开即标记已读）` }),
      handler: async (request) => ok(await repository.detail(reportScope(request), request.body.id)),
    });

    app.route({
      ...routeOf(app, routes.update, { tags, security, summary: `修改${label}（主管查阅前）` }),
      handler: async (request) => ok(await repository.update(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.delete, { tags, security, summary: `删除${label}（主管查阅前）` }),
      handler: async (request) => ok(await repository.delete(reportScope(request), request.body.id)),
    });

    app.route({
      ...routeOf(app, routes.orders, { tags, security, summary: `${label}统计的订单` }),
      handler: async (request) => ok(await repository.orders(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.series, { tags, security, summary: `历史${label}业绩序列` }),
      handler: async (request) => ok(await repository.series(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.team, { tags, security, summary: `团队${label}提交情况` }),
      handler: async (request) => ok(await repository.team(reportScope(request), request.body.periodStart)),
    });

    app.route({
      ...routeOf(app, routes.commentList, { tags, security, summary: `${label}的点评与点赞` }),
      handler: async (request) => ok(await repository.feedback.list(reportScope(request), request.body.reportId)),
    });

    app.route({
      ...routeOf(app, routes.comment, { tags, security, summary: `点评${label}（站点主管；通知作者）` }),
      handler: async (request) => ok(await repository.feedback.comment(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.commentReply, { tags, security, summary: `作者回复点评（每条一次；通知点评人）` }),
      handler: async (request) => ok(await repository.feedback.reply(reportScope(request), request.body)),
    });

    app.route({
      ...routeOf(app, routes.like, { tags, security, summary: `给${label}点赞（每人一次；通知作者）` }),
      handler: async (request) => ok(await repository.feedback.like(reportScope(request), request.body.reportId)),
    });

    app.route({
      ...routeOf(app, routes.remind, { tags, security, summary: `一键催交${label}（未提交的成员每天一次）` }),
      handler: async (request) => ok(await repository.remind(reportScope(request), request.body.periodStart)),
    });

    app.route({
      ...routeOf(app, routes.pdf, { tags, security, summary: `${label} PDF`, produces: ['application/pdf'], response: pdfResponse }),
      handler: async (request, reply) => {
        const report = await repository.forPdf(reportScope(request), request.query.id);
        const pdf = await reportPdf(report, async (url) => {
          const key = uploadKeyOf(url);
          return key ? app.storage.get(key) : null;
        });
        const day = report.periodStart.replaceAll('-', '');
        return sendPdf(reply, { zh: `${label}_${report.staff.username}_${day}.pdf`, ascii: `report-${report.id}-${day}.pdf` }, pdf);
      },
    });

    app.route({
      ...routeOf(app, routes.teamPdf, { tags, security, summary: `团队${label}提交情况 PDF`, produces: ['application/pdf'], response: pdfResponse }),
      handler: async (request, reply) => {
        const team = await repository.team(reportScope(request), request.query.periodStart);
        const pdf = await teamReportPdf(team);
        const day = chinaDayKey(new Date(`${team.periodStart}T00:00:00+08:00`));
        return sendPdf(reply, { zh: `团队${label}_${team.siteName}_${day}.pdf`, ascii: `team-report-${team.siteId}-${day}.pdf` }, pdf);
      },
    });
  };
}
