import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttendanceClockBody, AttendanceDay, AttendanceDayBody, AttendanceMonth, AttendanceMonthBody, AttendanceToday, Envelope } from '@sales/contract';
import { ok } from '../../../lib/reply.js';
import { salesScope } from '../../../plugins/app/sales/sales.js';

const tags = ['attendance'];
const security = [{ token: [] }];

/** Clocking in and out at the current site, and the leaders' day and month views. */
const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/attendance/today',
    { schema: { tags, security, summary: '我今天的考勤', body: AttendanceClockBody, response: { 200: Envelope(AttendanceToday) } } },
    async (request) => ok(await app.attendance.today(salesScope(request))),
  );

  app.post(
    '/attendance/clock-in',
    { schema: { tags, security, summary: '上班打卡', body: AttendanceClockBody, response: { 200: Envelope(AttendanceToday) } } },
    async (request) => ok(await app.attendance.clockIn(salesScope(request))),
  );

  app.post(
    '/attendance/clock-out',
    { schema: { tags, security, summary: '下班打卡', body: AttendanceClockBody, response: { 200: Envelope(AttendanceToday) } } },
    async (request) => ok(await app.attendance.clockOut(salesScope(request))),
  );

  app.post(
    '/attendance/day',
    { schema: { tags, security, summary: '团队考勤（某天，主管）', body: AttendanceDayBody, response: { 200: Envelope(AttendanceDay) } } },
    async (request) => ok(await app.attendance.day(salesScope(request), request.body.date)),
  );

  app.post(
    '/attendance/month',
    { schema: { tags, security, summary: '考勤月历（站点或成员）', body: AttendanceMonthBody, response: { 200: Envelope(AttendanceMonth) } } },
    async (request) => ok(await app.attendance.month(salesScope(request), request.body.month, request.body.staffId)),
  );
};

export default attendanceRoutes;
