import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';
import { CLOCK_SENT_AT_HEADER } from '@sales/contract';
import type { FastifyRequest } from 'fastify';
import type { ClockWrite } from '../../../plugins/app/attendance/attendance-repository.js';

const tags = ['attendance'];

/**
 * The clock as the repository counts it: the body, with the phone's send time of this attempt from
 * its header (outside the body, so a retry under the same Idempotency-Key has the same body).
 */
function clockWrite(request: FastifyRequest, body: ClockWrite): ClockWrite {
  const sentAt = request.headers[CLOCK_SENT_AT_HEADER.toLowerCase()];
  return typeof sentAt === 'string' ? { ...body, sentAt } : body;
}
const security = [{ token: [] }];

/** Clocking in and out at the current site, and the leaders' day and month views. */
const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(app, ROUTES.attendanceToday, { tags, security, summary: '我今天的考勤' }),
    handler: async (request) => ok(await app.attendance.today(salesScope(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.attendanceClockIn, { tags, security, summary: '上班打卡' }),
    handler: async (request) => ok(await app.idempotency.run(request, 'attendanceClockIn', request.body, (db) => app.attendance.clockIn(salesScope(request), clockWrite(request, request.body), db))),
  });

  app.route({
    ...routeOf(app, ROUTES.attendanceClockOut, { tags, security, summary: '下班打卡' }),
    handler: async (request) => ok(await app.idempotency.run(request, 'attendanceClockOut', request.body, (db) => app.attendance.clockOut(salesScope(request), clockWrite(request, request.body), db))),
  });

  app.route({
    ...routeOf(app, ROUTES.attendanceDay, { tags, security, summary: '团队考勤（某天，主管）' }),
    handler: async (request) => ok(await app.attendance.day(salesScope(request), request.body.date)),
  });

  app.route({
    ...routeOf(app, ROUTES.attendanceVisits, { tags, security, summary: '团队考勤 → 拜访（某天的签到，主管）' }),
    handler: async (request) => ok(await app.visits.day(salesScope(request), request.body.date)),
  });

  app.route({
    ...routeOf(app, ROUTES.attendanceMonth, { tags, security, summary: '考勤月历（站点或成员）' }),
    handler: async (request) => ok(await app.attendance.month(salesScope(request), request.body.month, request.body.staffId)),
  });
};

export default attendanceRoutes;
