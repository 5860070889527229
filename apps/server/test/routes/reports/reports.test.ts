/** 周报 and 半月报: metrics, writing, the one-per-period rule, edit/delete, read marks, team report, PDFs, who sees what. */
import {
  periodAt,
  periodMonths,
  shiftPeriod,
  type ReportDetail,
  type ReportOrders,
  type ReportPage,
  type ReportPreview,
  type ReportSeries,
  type TeamReport,
} from '@sales/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceStandards, reports } from '../../../src/db/schema.js';
import { figuresFor, targetFor } from '../../../src/db/performance-figures.js';
import { at, call, expectFailure, login, multipartBody, PNG_1X1, rows, useTestServer, type ApiResponse } from '../../helper.js';
import { firstCustomer, loginAll, scalar, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

type Api = 'weekly' | 'halfmonth';
function reportCall<T = unknown>(session: Session | undefined, api: Api, path: string, body: Record<string, unknown>): Promise<ApiResponse<T>> {
  const url = `/seller/${api}/staff/${path}`;
  return call<T>(server.app, 'POST', url, session ? { token: session.token, body } : { body });
}

const week = () => periodAt('weekly', new Date());
const halfMonth = () => periodAt('halfMonth', new Date());
const text = (summary: string) => ({ summary, plan: '下周拜访五家新客户，跟进两笔大额订单。', problems: '希望公司补充一批新品样品。' });

async function uploadImage(app: FastifyInstance, session: Session): Promise<string> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'photo.png', contentType: 'image/png', data: PNG_1X1 }]);
  const response = await call<{ url: string }>(app, 'POST', '/seller/upload/img', { token: session.token, payload, headers });
  expect(response.status).toBe(200);
  return response.body.data.url;
}

async function pdfText(data: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, disableFontFace: true }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    const content = await (await document.getPage(page)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  return parts.join('\n');
}

describe('before/create', () => {
  it("gives the current week's figures, equal to sums over the seeded rows, and the target spread by days", async () => {
    const period = week();
    // The seeded week may hold no sale of his yet (early on a Monday): one paid a minute ago makes sure it does.
    const customer = await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`);
    const paidAt = new Date(Date.now() - 60_000).toISOString();
    const ingested = await server.app.orderIngestion.ingest([
      { orderNo: 'R-THIS-WEEK', siteId: 101, customerId: customer.id, staffId: as.zhangWei.id, status: 'paid', createdAt: paidAt, paidAt, items: [{ name: '矿泉水', quantity: 3, unitPrice: 12.5 }] },
    ]);
    expect(ingested.failed).toBe(0);
    const response = await reportCall<ReportPreview>(as.zhangWei, 'weekly', 'before/create', { siteId: 101 });
    expect(response.status).toBe(200);
    const preview = response.body.data;
    expect(preview).toMatchObject({ kind: 'weekly', periodStart: period.start, periodEnd: period.end, reported: false, reportId: null, siteName: '华东一部' });
    // Issue 7's rule: a sale counts on its paid day (also if refunded later), a refund apart on its refunded day.
    const inPeriod = (column: string) => sql`${sql.raw(column)} >= (${period.start}::date)::timestamp at time zone 'Asia/Shanghai'
      and ${sql.raw(column)} < (${period.end}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
    const paid = sql`site_id = 101 and staff_id = ${as.zhangWei.id} and status in ('paid', 'shipped', 'completed', 'refunded') and ${inPeriod('paid_at')}`;
    const refunded = sql`site_id = 101 and staff_id = ${as.zhangWei.id} and status = 'refunded' and paid_at is not null and ${inPeriod('refunded_at')}`;
    const paidCount = await scalar(server.db, sql`select count(*) as value from orders where ${paid}`);
    const refundCount = await scalar(server.db, sql`select count(*) as value from orders where ${refunded}`);
    const paidFen = await scalar(server.db, sql`select coalesce(sum(amount_fen), 0) as value from orders where ${paid}`);
    const refundFen = await scalar(server.db, sql`select coalesce(sum(amount_fen), 0) as value from orders where ${refunded}`);
    expect(paidCount).toBeGreaterThan(0);
    expect(preview.metrics.orderCount).toBe(paidCount - refundCount);
    expect(preview.metrics.orderAmount).toBe((paidFen - refundFen) / 100);
    const figures = await figuresFor(server.db, { siteId: 101, staffId: as.zhangWei.id, startDate: period.start, endDate: period.end });
    expect(preview.metrics).toMatchObject({ newCustomers: figures.newCustomers, followUps: figures.followUps });
    let targetFen = 0;
    for (const part of periodMonths(period)) {
      const target = await targetFor(server.db, { siteId: 101, staffId: as.zhangWei.id, month: part.month });
      targetFen += (target.targetAmountFen * part.days) / part.daysInMonth;
    }
    expect(preview.metrics.targetAmount).toBe(Math.round(targetFen) / 100);
    const expectedCompletion = targetFen > 0 ? Math.round((preview.metrics.orderAmount * 100 * 10_000) / Math.round(targetFen)) / 10_000 : null;
    expect(preview.metrics.completion).toBe(expectedCompletion);
  });

  it('takes a chosen week and refuses a day that does not start one', async () => {
    const last = shiftPeriod(week(), -1);
    const response = await reportCall<ReportPreview>(as.zhangWei, 'weekly', 'before/create', { siteId: 101, periodStart: last.start });
    expect(response.body.data).toMatchObject({ periodStart: last.start, periodEnd: last.end });
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'before/create', { siteId: 101, periodStart: '2025-11-18' }), 400, '报告周期必须从周一开始');
    expectFailure(await reportCall(as.zhangWei, 'halfmonth', 'before/create', { siteId: 101, periodStart: '2025-11-15' }), 400, '半月报周期必须从1日或16日开始');
  });

  it('spreads the monthly standard by days: half of a 30-day month, a week across a month end, February', async () => {
    // Site defaults, and 张伟's own standard for November, which wins over the default (replacing
    // what the demo seed set for those months).
    await server.db
      .delete(performanceStandards)
      .where(and(eq(performanceStandards.siteId, 101), inArray(performanceStandards.month, ['2025-10', '2025-11', '2026-02'])));
    await server.db.insert(performanceStandards).values([
      { siteId: 101, staffId: null, month: '2025-10', targetAmountFen: 3_100_000, targetOrders: 62, targetNewCustomers: 31 },
      { siteId: 101, staffId: null, month: '2025-11', targetAmountFen: 9_000_000, targetOrders: 90, targetNewCustomers: 30 },
      { siteId: 101, staffId: as.zhangWei.id, month: '2025-11', targetAmountFen: 6_000_000, targetOrders: 60, targetNewCustomers: 15 },
      { siteId: 101, staffId: null, month: '2026-02', targetAmountFen: 2_800_000, targetOrders: 28, targetNewCustomers: 14 },
    ]);
    const preview = async (api: Api, periodStart: string) => (await reportCall<ReportPreview>(as.zhangWei, api, 'before/create', { siteId: 101, periodStart })).body.data;

    const secondHalf = await preview('halfmonth', '2025-11-16');
    expect(secondHalf).toMatchObject({ kind: 'halfMonth', periodStart: '2025-11-16', periodEnd: '2025-11-30', label: '2025年11月下半月' });
    expect(secondHalf.metrics).toMatchObject({ targetAmount: 30_000, targetOrders: 30, targetNewCustomers: 8 });

    // 27 Oct – 2 Nov: 5/31 of October's default and 2/30 of his November standard.
    const acrossMonths = await preview('weekly', '2025-10-27');
    expect(acrossMonths).toMatchObject({ periodStart: '2025-10-27', periodEnd: '2025-11-02' });
    expect(acrossMonths.metrics.targetAmount).toBe(Math.round((3_100_000 * 5) / 31 + (6_000_000 * 2) / 30) / 100);
    expect(acrossMonths.metrics.targetOrders).toBe(Math.round((62 * 5) / 31 + (60 * 2) / 30));

    // 16–28 February 2026: 13 of 28 days.
    const february = await preview('halfmonth', '2026-02-16');
    expect(february.periodEnd).toBe('2026-02-28');
    expect(february.metrics.targetAmount).toBe(Math.round((2_800_000 * 13) / 28) / 100);
    expect(february.metrics.targetOrders).toBe(13);
  });

  it('is for members of the site only, and needs a login', async () => {
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'before/create', { siteId: 102 }), 403);
    expectFailure(await reportCall(undefined, 'weekly', 'before/create', { siteId: 101 }), 401);
    // reportAllSites reads every site's reports but writes only where it works.
    expectFailure(await reportCall(as.liuYang, 'weekly', 'before/create', { siteId: 101 }), 403);
  });
});

describe('writing a weekly report', () => {
  let reportId: number;
  const summary = '本周重点拜访了徐汇区的连锁超市，新签约三家门店，饮料类订单明显增加。';

  it('creates one with images and a metrics snapshot, and the week shows as reported', async () => {
    const image = await uploadImage(server.app, as.zhangWei);
    const created = await reportCall<ReportDetail>(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: week().start, ...text(summary), images: [image] });
    expect(created.status).toBe(200);
    reportId = created.body.data.id;
    const preview = await reportCall<ReportPreview>(as.zhangWei, 'weekly', 'before/create', { siteId: 101 });
    expect(created.body.data).toMatchObject({ summary, images: [image], canEdit: true, read: false, staff: { id: as.zhangWei.id, username: '张伟' }, metrics: preview.body.data.metrics });
    expect(preview.body.data).toMatchObject({ reported: true, reportId });
  });

  it('answers 409 for a second report of the same week', async () => {
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: week().start, ...text('再写一份') }), 409, /已提交，不能重复提交/);
  });

  it('keeps one report when two creates arrive together', async () => {
    const last = shiftPeriod(week(), -1);
    // The seed may hold 张伟's report of last week; start from none.
    await server.db.execute(sql`delete from reports where staff_id = ${as.zhangWei.id} and period_start = ${last.start} and kind = 'weekly'`);
    const body = { siteId: 101, periodStart: last.start, ...text('上周总结：完成了季度客户回访。') };
    const results = await Promise.all([reportCall(as.zhangWei, 'weekly', 'create', body), reportCall(as.zhangWei, 'weekly', 'create', body)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(
      await scalar(server.db, sql`select count(*) as value from reports where staff_id = ${as.zhangWei.id} and kind = 'weekly' and period_start = ${last.start}`),
    ).toBe(1);
  });

  it('refuses long or empty text, too many images and links that are not uploads', async () => {
    const two = shiftPeriod(week(), -1).start;
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: two, ...text('长'.repeat(141)) }), 400, '本周总结不能超过140字');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: two, ...text('   ') }), 400, '请填写本周总结');
    const image = await uploadImage(server.app, as.zhangWei);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: two, ...text('图'), images: Array(10).fill(image) }), 400);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: two, ...text('图'), images: ['https://example.com/a.png'] }), 400, '图片必须通过上传接口上传');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: shiftPeriod(week(), 1).start, ...text('未来') }), 400, /尚未开始/);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: shiftPeriod(week(), -3).start, ...text('太早') }), 400, /只能提交本期或上一期/);
  });

  it('lists it first among my reports, with its orders', async () => {
    const list = await reportCall<ReportPage>(as.zhangWei, 'weekly', 'list', { siteId: 101 });
    expect(at(list.body.data.list, 0)).toMatchObject({ id: reportId, periodStart: week().start, read: false });
    expect(list.body.data.list.every((report) => report.staff.id === as.zhangWei.id)).toBe(true);
    const orders = await reportCall<ReportOrders>(as.zhangWei, 'weekly', 'orders', { siteId: 101, id: reportId, pageSize: 100 });
    const report = await reportCall<ReportDetail>(as.zhangWei, 'weekly', 'detail', { siteId: 101, id: reportId });
    const period = week();
    const inWeek = (column: string) => sql`${sql.raw(column)} >= (${period.start}::date)::timestamp at time zone 'Asia/Shanghai' and ${sql.raw(column)} < (${period.end}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
    const paidInWeek = sql`site_id = 101 and staff_id = ${as.zhangWei.id} and status in ('paid', 'shipped', 'completed', 'refunded') and ${inWeek('paid_at')}`;
    const refundedInWeek = sql`site_id = 101 and staff_id = ${as.zhangWei.id} and status = 'refunded' and paid_at is not null and ${inWeek('coalesce(refunded_at, paid_at)')}`;
    // The list is what the report counted (issue 16): its sales and its refunds, adding up to its figures.
    const { summary } = orders.body.data;
    expect(summary).toMatchObject({ count: report.body.data.metrics.orderCount, amount: report.body.data.metrics.orderAmount });
    expect(summary).toMatchObject({
      saleCount: await scalar(server.db, sql`select count(*) as value from orders where ${paidInWeek}`),
      saleAmount: (await scalar(server.db, sql`select coalesce(sum(amount_fen), 0) as value from orders where ${paidInWeek}`)) / 100,
      refundCount: await scalar(server.db, sql`select count(*) as value from orders where ${refundedInWeek}`),
    });
    const weekStart = new Date(`${period.start}T00:00:00+08:00`).toISOString();
    expect(orders.body.data.list.every((line) => line.staff?.id === as.zhangWei.id && line.at >= weekStart && (line.line === 'sale' ? line.at === line.paidAt : line.lineAmount < 0))).toBe(true);
  });

  it('is edited by its author while unread', async () => {
    const updated = await reportCall<ReportDetail>(as.zhangWei, 'weekly', 'update', { siteId: 101, id: reportId, ...text(`${summary}（已补充）`) });
    expect(updated.status).toBe(200);
    expect(updated.body.data.summary).toBe(`${summary}（已补充）`);
    // A leader may read it but never change it.
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'update', { siteId: 101, id: reportId, ...text('改') }), 403);
  });

  it('is hidden from a colleague and from another site as not found', async () => {
    const [colleague] = await rows<{ phone: string }>(server.db, sql`select s.phone from staff s join positions p on p.staff_id = s.id where p.site_id = 101 and not p.is_leader and s.phone not like '1380000000%' order by s.id limit 1`);
    if (!colleague) throw new Error('no colleague of 张伟');
    const other = await login(server.app, colleague.phone);
    const session = { id: other.accountInfo.id, token: other.token };
    expectFailure(await reportCall(session, 'weekly', 'detail', { siteId: 101, id: reportId }), 404, '报告不存在');
    expectFailure(await reportCall(session, 'weekly', 'update', { siteId: 101, id: reportId, ...text('改') }), 404, '报告不存在');
    expectFailure(await reportCall(session, 'weekly', 'delete', { siteId: 101, id: reportId }), 404, '报告不存在');
    expect((await call(server.app, 'GET', `/seller/weekly/staff/pdf?siteId=101&id=${reportId}`, { token: session.token })).status).toBe(404);
    // 陈静 leads 102: the id of a 101 report asked at 102 does not exist there.
    expectFailure(await reportCall(as.chenJing, 'weekly', 'detail', { siteId: 102, id: reportId }), 404, '报告不存在');
    expectFailure(await reportCall(as.chenJing, 'weekly', 'detail', { siteId: 101, id: reportId }), 403);
    // It is a weekly report: the half-month calls do not know it.
    expectFailure(await reportCall(as.zhangWei, 'halfmonth', 'detail', { siteId: 101, id: reportId }), 404);
  });

  it('is read without a mark by reportAllSites, and marked read by a leader of the site, after which it is locked', async () => {
    const byAllSites = await reportCall<ReportDetail>(as.liuYang, 'weekly', 'detail', { siteId: 101, id: reportId });
    expect(byAllSites.status).toBe(200);
    expect(byAllSites.body.data).toMatchObject({ read: false, readers: [], canEdit: false });
    const before = await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101 });
    expect(before.body.data.submitted.find((row) => row.reportId === reportId)).toMatchObject({ readByMe: false, read: false });

    const byLeader = await reportCall<ReportDetail>(as.liNa, 'weekly', 'detail', { siteId: 101, id: reportId });
    expect(byLeader.body.data).toMatchObject({ read: true, readers: [{ leader: { id: as.liNa.id, username: '李娜' } }] });
    const after = await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101 });
    expect(after.body.data.submitted.find((row) => row.reportId === reportId)).toMatchObject({ readByMe: true, read: true });
    // 王强 also leads 101: read by 李娜 is not read by him.
    const byOther = await reportCall<TeamReport>(as.liuYang, 'weekly', 'team', { siteId: 101 });
    expect(byOther.body.data).toMatchObject({ readOnly: true });

    const mine = await reportCall<ReportDetail>(as.zhangWei, 'weekly', 'detail', { siteId: 101, id: reportId });
    expect(mine.body.data).toMatchObject({ canEdit: false, read: true });
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'update', { siteId: 101, id: reportId, ...text('改') }), 409, /已被主管查阅/);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'delete', { siteId: 101, id: reportId }), 409, /已被主管查阅/);
    const read = await reportCall<ReportPage>(as.liNa, 'weekly', 'list', { siteId: 101, scope: 'members', staffId: as.zhangWei.id, read: 'read' });
    expect(read.body.data.list.map((report) => report.id)).toContain(reportId);
    const unread = await reportCall<ReportPage>(as.liNa, 'weekly', 'list', { siteId: 101, scope: 'members', read: 'unread', pageSize: 100 });
    expect(unread.body.data.list.map((report) => report.id)).not.toContain(reportId);
    expect(unread.body.data.list.every((report) => !report.read && report.siteId === 101)).toBe(true);
  });

  it('serves its PDF with the Chinese sentences of the report, to those who read it', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/seller/weekly/staff/pdf?siteId=101&id=${reportId}`, headers: { authorization: as.liNa.token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const body = response.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const content = await pdfText(body);
    expect(content).toContain(`${summary}（已补充）`);
    expect(content).toContain('下周拜访五家新客户，跟进两笔大额订单。');
    expect(content).toContain('张伟');
    expect(content).toContain('华东一部');
  });
});

describe('deleting', () => {
  it('removes an unread report of the author, and the week can be written again', async () => {
    const period = shiftPeriod(week(), -1);
    const [existing] = await rows<{ id: number }>(server.db, sql`select id from reports where staff_id = ${as.zhangWei.id} and kind = 'weekly' and period_start = ${period.start}`);
    if (!existing) throw new Error('the concurrent-create test left no report');
    const deleted = await reportCall(as.zhangWei, 'weekly', 'delete', { siteId: 101, id: existing.id });
    expect(deleted.status).toBe(200);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'detail', { siteId: 101, id: existing.id }), 404);
    const again = await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: period.start, ...text('重新提交的上周总结。') });
    expect(again.status).toBe(200);
  });
});

describe('team report', () => {
  it('lists who submitted and who is missing among the non-leader members, for leaders with teamReportAuth', async () => {
    const response = await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101 });
    expect(response.status).toBe(200);
    const team = response.body.data;
    const members = await rows<{ id: number }>(
      server.db,
      sql`select distinct p.staff_id as id from positions p join staff s on s.id = p.staff_id where p.site_id = 101 and s.status = 'active'
          and not exists (select 1 from positions l where l.staff_id = p.staff_id and l.site_id = 101 and l.is_leader)`,
    );
    const written = new Set(team.submitted.map((row) => row.staff.id));
    expect(new Set([...written, ...team.missing.map((person) => person.id)])).toEqual(new Set(members.map((member) => member.id)));
    expect(team.missing.some((person) => written.has(person.id))).toBe(false);
    expect(written.has(as.zhangWei.id)).toBe(true);
    expect(team.missing.length).toBeGreaterThan(0);
    expect(team).toMatchObject({ siteName: '华东一部', periodStart: week().start, readOnly: false });
  });

  it('is refused to salespeople and leaders without teamReportAuth; reportAllSites reads any site', async () => {
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'team', { siteId: 101 }), 403);
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'team', { siteId: 101 }), 403);
    const allSites = await reportCall<TeamReport>(as.liuYang, 'halfmonth', 'team', { siteId: 102 });
    expect(allSites.status).toBe(200);
    expect(allSites.body.data).toMatchObject({ kind: 'halfMonth', siteName: '华东二部', readOnly: true, periodStart: halfMonth().start });
  });

  it('has a PDF listing the missing members', async () => {
    const team = (await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101 })).body.data;
    const response = await server.app.inject({ method: 'GET', url: '/seller/weekly/staff/team/pdf?siteId=101', headers: { authorization: as.liNa.token } });
    expect(response.headers['content-type']).toBe('application/pdf');
    const content = await pdfText(response.rawPayload);
    expect(content).toContain('团队周报提交情况');
    for (const person of team.missing) expect(content).toContain(person.username);
    expect((await server.app.inject({ method: 'GET', url: '/seller/weekly/staff/team/pdf?siteId=101', headers: { authorization: as.zhangWei.token } })).statusCode).toBe(403);
  });
});

describe('half-month reports', () => {
  it('are written for the current half month once, and listed as mine', async () => {
    const period = halfMonth();
    const created = await reportCall<ReportDetail>(as.zhangWei, 'halfmonth', 'create', { siteId: 101, periodStart: period.start, ...text('上半月完成销售目标的八成，重点客户复购稳定。') });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ kind: 'halfMonth', periodStart: period.start, periodEnd: period.end });
    expectFailure(await reportCall(as.zhangWei, 'halfmonth', 'create', { siteId: 101, periodStart: period.start, ...text('再写') }), 409);
    const mine = await reportCall<ReportPage>(as.zhangWei, 'halfmonth', 'list', { siteId: 101 });
    expect(at(mine.body.data.list, 0).id).toBe(created.body.data.id);
    expect(mine.body.data.list.every((report) => report.kind === 'halfMonth' && report.staff.id === as.zhangWei.id)).toBe(true);

    const pdf = await server.app.inject({ method: 'GET', url: `/seller/halfmonth/staff/pdf?siteId=101&id=${created.body.data.id}`, headers: { authorization: as.zhangWei.token } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const content = await pdfText(pdf.rawPayload);
    expect(content).toContain('上半月完成销售目标的八成，重点客户复购稳定。');
    expect(content).toContain('半月报');
    // reportAllSites reads it; another site's leader does not.
    expect((await server.app.inject({ method: 'GET', url: `/seller/halfmonth/staff/pdf?siteId=101&id=${created.body.data.id}`, headers: { authorization: as.liuYang.token } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: `/seller/halfmonth/staff/pdf?siteId=102&id=${created.body.data.id}`, headers: { authorization: as.chenJing.token } })).statusCode).toBe(404);
  });

  it("are listed to leaders with filters, but a salesperson cannot list members'", async () => {
    const members = await reportCall<ReportPage>(as.liNa, 'halfmonth', 'list', { siteId: 101, scope: 'members', startDate: '2000-01-01', pageSize: 50 });
    expect(members.status).toBe(200);
    expect(new Set(members.body.data.list.map((report) => report.staff.id)).size).toBeGreaterThan(1);
    const total = await scalar(server.db, sql`select count(*) as value from reports where kind = 'halfMonth' and site_id = 101`);
    expect(members.body.data.total).toBe(total);
    expectFailure(await reportCall(as.zhangWei, 'halfmonth', 'list', { siteId: 101, scope: 'members' }), 403);
  });
});

describe('series', () => {
  it('gives the last 12 weeks oldest first, ending with the current week and its report', async () => {
    const response = await reportCall<ReportSeries>(as.zhangWei, 'weekly', 'series', { siteId: 101 });
    const list = response.body.data.list;
    expect(list).toHaveLength(12);
    expect(at(list, 11).periodStart).toBe(week().start);
    expect(at(list, 0).periodStart).toBe(shiftPeriod(week(), -11).start);
    expect(at(list, 11).reportId).not.toBeNull();
    const seeded = await scalar(
      server.db,
      sql`select count(*) as value from reports where kind = 'weekly' and staff_id = ${as.zhangWei.id} and site_id = 101 and period_start >= ${at(list, 0).periodStart}`,
    );
    expect(list.filter((point) => point.reportId !== null)).toHaveLength(seeded);
  });

  it("of a colleague is for leaders only", async () => {
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'series', { siteId: 101, staffId: as.liNa.id }), 404);
    const byLeader = await reportCall<ReportSeries>(as.liNa, 'weekly', 'series', { siteId: 101, staffId: as.zhangWei.id, weeks: 4 });
    expect(byLeader.body.data.list).toHaveLength(4);
  });
});

describe('demo data', () => {
  it('holds 12 weeks of weekly and 6 months of half-month reports, some missing and some unread, none of the demo accounts this period', async () => {
    const weekly = await scalar(server.db, sql`select count(distinct period_start) as value from reports where kind = 'weekly'`);
    expect(weekly).toBeGreaterThanOrEqual(12);
    const halfMonths = await scalar(server.db, sql`select count(distinct period_start) as value from reports where kind = 'halfMonth'`);
    expect(halfMonths).toBeGreaterThanOrEqual(12);
    expect(await scalar(server.db, sql`select count(*) as value from reports r where not exists (select 1 from report_reads x where x.report_id = r.id)`)).toBeGreaterThan(0);
    expect(await scalar(server.db, sql`select count(*) as value from reports r where exists (select 1 from report_reads x where x.report_id = r.id)`)).toBeGreaterThan(0);
    const demoSeededNow = await scalar(
      server.db,
      sql`select count(*) as value from reports where staff_id in (${as.liuYang.id}) and kind = 'weekly' and period_start = ${week().start}`,
    );
    expect(demoSeededNow).toBe(0);
  });
});

describe('hostile values (issue 11)', () => {
  it('answers a non-finite siteId in a body or a PDF query with a Chinese 400', async () => {
    for (const api of ['weekly', 'halfmonth'] as const) {
      const team = await call(server.app, 'POST', `/seller/${api}/staff/team`, { token: as.liNa.token, payload: '{"siteId": 1e309}', headers: { 'content-type': 'application/json' } });
      expectFailure(team, 400, '数值超出范围');
      // Text is not a number in a body (issue 16: bodies are not coerced).
      expectFailure(await reportCall(as.liNa, api, 'team', { siteId: '1e309' }), 400, '站点格式不正确');
      expectFailure(await call(server.app, 'GET', `/seller/${api}/staff/pdf?siteId=Infinity&id=2`, { token: as.liNa.token }), 400, '数值超出范围');
      expectFailure(await call(server.app, 'GET', `/seller/${api}/staff/team/pdf?siteId=-1e309`, { token: as.liNa.token }), 400, '数值超出范围');
    }
  });

  it('refuses a NUL byte in a report and stores nothing', async () => {
    const before = await server.db.$count(reports);
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'create', { siteId: 101, periodStart: week().start, ...text('本周\u0000总结') }), 400, '请求内容包含无效字符');
    expect(await server.db.$count(reports)).toBe(before);
  });
});
