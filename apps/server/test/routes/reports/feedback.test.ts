/** Feedback on reports (issue 18 §4): 点评, the author's one 回复, 点赞, 一键催交, their notices and every refusal. */
import { periodAt, periodLabel, shiftPeriod, type ReportFeedback, type ReportPreview, type ReportRemindResult, type TeamReport } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, rows, useTestServer, type ApiResponse } from '../../helper.js';
import { loginAll, scalar, type Role, type Session } from '../sales/support.js';

const server = useTestServer();
let as: Record<Role, Session>;

type Api = 'weekly' | 'halfmonth';
function reportCall<T = unknown>(session: Session, api: Api, path: string, body: Record<string, unknown>): Promise<ApiResponse<T>> {
  return call<T>(server.app, 'POST', `/seller/${api}/staff/${path}`, { token: session.token, body });
}

/** The session's report of the current period at the site, written now if missing. */
async function currentReport(session: Session, api: Api, siteId: number): Promise<number> {
  const preview = await reportCall<ReportPreview>(session, api, 'before/create', { siteId });
  expect(preview.status, preview.body.msg).toBe(200);
  if (preview.body.data.reportId !== null) return preview.body.data.reportId;
  const created = await reportCall<{ id: number }>(session, api, 'create', {
    siteId,
    periodStart: preview.body.data.periodStart,
    summary: '本期拜访了十二家客户。',
    plan: '下期继续跟进大客户。',
  });
  expect(created.status, created.body.msg).toBe(200);
  return created.body.data.id;
}

interface NoticeRow {
  staff_id: number;
  kind: string;
  dedupe_key: string;
  title: string;
  body: string;
  link: string;
  actor_id: number | null;
}
const noticesWhere = (where: ReturnType<typeof sql>) =>
  rows<NoticeRow>(server.db, sql`select staff_id, kind, dedupe_key, title, body, link, actor_id from notices where ${where} order by id`);
const countOf = (table: string) => scalar(server.db, sql.raw(`select count(*) as value from ${table}`));

let weeklyId: number;
let halfMonthId: number;
/** 刘洋's weekly report at 201, where 王强 is a salesperson (a colleague's report). */
let colleagueReportId: number;

beforeAll(async () => {
  as = await loginAll(server.app);
  weeklyId = await currentReport(as.zhangWei, 'weekly', 101);
  halfMonthId = await currentReport(as.zhangWei, 'halfmonth', 101);
  colleagueReportId = await currentReport(as.liuYang, 'weekly', 201);
});

describe('点评 and 回复', () => {
  let commentId: number;

  it('lets a leader of the site comment; the author sees it with its author and gets one notice linking to the report', async () => {
    const response = await reportCall<ReportFeedback>(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '  本周客户拜访很扎实，继续保持！  ' });
    expect(response.status, response.body.msg).toBe(200);
    const feedback = response.body.data;
    expect(feedback.canComment).toBe(true);
    const comment = feedback.comments.at(-1);
    expect(comment).toMatchObject({ author: { id: as.liNa.id, username: '李娜' }, text: '本周客户拜访很扎实，继续保持！', reply: null, canReply: false });
    commentId = comment?.id ?? 0;

    const mine = await reportCall<ReportFeedback>(as.zhangWei, 'weekly', 'comment/list', { siteId: 101, reportId: weeklyId });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ reportId: weeklyId, canComment: false, canLike: false });
    expect(mine.body.data.comments.find((item) => item.id === commentId)).toMatchObject({ text: '本周客户拜访很扎实，继续保持！', canReply: true, author: { username: '李娜' } });

    const notices = await noticesWhere(sql`dedupe_key = ${`reportComment:${commentId}`}`);
    expect(notices).toEqual([
      expect.objectContaining({ staff_id: as.zhangWei.id, kind: 'reportComment', title: '李娜点评了你的周报', body: '本周客户拜访很扎实，继续保持！', link: `/pages/index/weeklyDetails?id=${weeklyId}`, actor_id: as.liNa.id }),
    ]);
  });

  it('lets the author reply once, telling the commenter; a second reply is 409 and changes nothing', async () => {
    const replied = await reportCall<ReportFeedback>(as.zhangWei, 'weekly', 'comment/reply', { siteId: 101, commentId, text: '谢谢主管，下周争取更好。' });
    expect(replied.status, replied.body.msg).toBe(200);
    expect(replied.body.data.comments.find((item) => item.id === commentId)).toMatchObject({ reply: { text: '谢谢主管，下周争取更好。' }, canReply: false });
    const notices = await noticesWhere(sql`dedupe_key = ${`commentReply:${commentId}`}`);
    expect(notices).toEqual([expect.objectContaining({ staff_id: as.liNa.id, kind: 'commentReply', title: '张伟回复了你的点评', link: `/pages/index/weeklyDetails?id=${weeklyId}` })]);

    expectFailure(await reportCall(as.zhangWei, 'weekly', 'comment/reply', { siteId: 101, commentId, text: '再回复一次' }), 409, '已回复过这条点评');
    const [row] = await rows<{ reply: string }>(server.db, sql`select reply from report_comments where id = ${commentId}`);
    expect(row?.reply).toBe('谢谢主管，下周争取更好。');
  });

  it('lets only the author reply', async () => {
    const comment = await reportCall<ReportFeedback>(as.wangQiang, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '数据不错。' });
    expect(comment.status).toBe(200);
    const id = comment.body.data.comments.at(-1)?.id ?? 0;
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment/reply', { siteId: 101, commentId: id, text: '代为回复' }), 403);
    // Someone who may not read the report does not learn the comment exists.
    expectFailure(await reportCall(as.chenJing, 'weekly', 'comment/reply', { siteId: 102, commentId: id, text: '回复' }), 404, '点评不存在');
    // A weekly comment is not a half-month one.
    expectFailure(await reportCall(as.zhangWei, 'halfmonth', 'comment/reply', { siteId: 101, commentId: id, text: '回复' }), 404, '点评不存在');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'comment/reply', { siteId: 101, commentId: 99_999_999, text: '回复' }), 404, '点评不存在');
  });

  it('refuses empty, blank, over-long and wrongly typed text with a Chinese message and stores nothing', async () => {
    const before = await countOf('report_comments');
    const noticesBefore = await countOf('notices');
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '' }), 400, '请填写点评内容');
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: ' \n\t ' }), 400, '请填写点评内容');
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '好'.repeat(501) }), 400, '点评不能超过500字');
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: 500 }), 400);
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: String(weeklyId), text: '好' }), 400);
    expectFailure(await reportCall(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId }), 400);
    expect(await countOf('report_comments')).toBe(before);
    expect(await countOf('notices')).toBe(noticesBefore);
    // 500 characters (emoji count as one each, as the page's counter counts them), padded with spaces, is fine.
    const longest = `  ${'👍'.repeat(10)}${'好'.repeat(490)}  `;
    const ok = await reportCall<ReportFeedback>(as.liNa, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: longest });
    expect(ok.status, ok.body.msg).toBe(200);
    expect([...(ok.body.data.comments.at(-1)?.text ?? '')]).toHaveLength(500);
  });

  it('refuses the author, a colleague, another site and a report of the other kind, changing nothing', async () => {
    const before = await countOf('report_comments');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '自己点评' }), 403);
    // 王强 is a salesperson at 201: 刘洋's report there is a colleague's.
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'comment', { siteId: 201, reportId: colleagueReportId, text: '同事点评' }), 404, '报告不存在');
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'comment/list', { siteId: 201, reportId: colleagueReportId }), 404, '报告不存在');
    // 陈静 holds no position at 101, and 101's report is not 102's.
    expectFailure(await reportCall(as.chenJing, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '外站点评' }), 403);
    expectFailure(await reportCall(as.chenJing, 'weekly', 'comment', { siteId: 102, reportId: weeklyId, text: '外站点评' }), 404, '报告不存在');
    expectFailure(await reportCall(as.liNa, 'halfmonth', 'comment', { siteId: 101, reportId: weeklyId, text: '类型不对' }), 404, '报告不存在');
    expect(await countOf('report_comments')).toBe(before);
  });

  it('lets a reportAllSites reader comment on any site, and works the same for 半月报', async () => {
    const allSites = await reportCall<ReportFeedback>(as.liuYang, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '跨站点点评' });
    expect(allSites.status, allSites.body.msg).toBe(200);
    const half = await reportCall<ReportFeedback>(as.liNa, 'halfmonth', 'comment', { siteId: 101, reportId: halfMonthId, text: '半月总结清楚。' });
    expect(half.status, half.body.msg).toBe(200);
    const id = half.body.data.comments.at(-1)?.id ?? 0;
    const notices = await noticesWhere(sql`dedupe_key = ${`reportComment:${id}`}`);
    expect(notices).toEqual([expect.objectContaining({ staff_id: as.zhangWei.id, title: '李娜点评了你的半月报', link: `/pages/details/historicalReportRecords?id=${halfMonthId}` })]);
  });
});

describe('点赞', () => {
  it('likes once, tells the author once, and refuses a second like with 409', async () => {
    const liked = await reportCall<ReportFeedback>(as.liNa, 'weekly', 'like', { siteId: 101, reportId: weeklyId });
    expect(liked.status, liked.body.msg).toBe(200);
    expect(liked.body.data.likes).toMatchObject({ count: 1, likedByMe: true, who: [{ id: as.liNa.id, username: '李娜' }] });
    expect(liked.body.data.canLike).toBe(false);
    const before = await countOf('report_likes');
    expectFailure(await reportCall(as.liNa, 'weekly', 'like', { siteId: 101, reportId: weeklyId }), 409, '已点赞过');
    expect(await countOf('report_likes')).toBe(before);
    const notices = await noticesWhere(sql`dedupe_key = ${`reportLike:${weeklyId}:${as.liNa.id}`}`);
    expect(notices).toEqual([expect.objectContaining({ staff_id: as.zhangWei.id, kind: 'reportLike', title: '李娜赞了你的周报' })]);

    const seen = await reportCall<ReportFeedback>(as.zhangWei, 'weekly', 'comment/list', { siteId: 101, reportId: weeklyId });
    expect(seen.body.data.likes).toMatchObject({ count: 1, likedByMe: false });
    const other = await reportCall<ReportFeedback>(as.wangQiang, 'weekly', 'comment/list', { siteId: 101, reportId: weeklyId });
    expect(other.body.data).toMatchObject({ canLike: true, canComment: true, likes: { count: 1, likedByMe: false } });
  });

  it('refuses the author, a colleague and another site', async () => {
    const before = await countOf('report_likes');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'like', { siteId: 101, reportId: weeklyId }), 403);
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'like', { siteId: 201, reportId: colleagueReportId }), 404, '报告不存在');
    expectFailure(await reportCall(as.chenJing, 'weekly', 'like', { siteId: 102, reportId: weeklyId }), 404, '报告不存在');
    expectFailure(await reportCall(as.chenJing, 'weekly', 'like', { siteId: 101, reportId: weeklyId }), 403);
    expect(await countOf('report_likes')).toBe(before);
  });
});

describe('一键催交', () => {
  const remindersOf = (siteId: number) =>
    rows<{ staff_id: number; sender_id: number }>(server.db, sql`select staff_id, sender_id from report_reminders where site_id = ${siteId} and kind = 'halfMonth' order by staff_id`);

  it('reminds every member missing the report once, not those who wrote it nor leaders; a second press is 409 今天已催交过', async () => {
    const team = await reportCall<TeamReport>(as.liNa, 'halfmonth', 'team', { siteId: 101 });
    expect(team.status).toBe(200);
    expect(team.body.data).toMatchObject({ canRemind: true, lastRemind: null });
    const missing = team.body.data.missing.map((person) => person.id);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing).not.toContain(as.zhangWei.id);

    const pressed = await reportCall<ReportRemindResult>(as.liNa, 'halfmonth', 'remind', { siteId: 101 });
    expect(pressed.status, pressed.body.msg).toBe(200);
    expect(pressed.body.data.reminded.map((person) => person.id)).toEqual(missing);
    expect(pressed.body.data.last).toMatchObject({ by: { id: as.liNa.id, username: '李娜' }, count: missing.length });

    const reminders = await remindersOf(101);
    expect(reminders.map((row) => row.staff_id)).toEqual(missing);
    const notices = await noticesWhere(sql`kind = 'reportRemind' and site_id = 101 and dedupe_key like 'reportRemind:halfMonth:101:%'`);
    expect(notices.map((notice) => notice.staff_id).sort((a, b) => a - b)).toEqual(missing);
    expect(notices[0]).toMatchObject({ title: '请提交半月报', link: '/pages/my/addReport', actor_id: as.liNa.id });
    expect(notices[0]?.body).toContain('李娜提醒你提交');

    const noticeCount = await countOf('notices');
    expectFailure(await reportCall(as.wangQiang, 'halfmonth', 'remind', { siteId: 101 }), 409, '今天已催交过');
    expect(await remindersOf(101)).toEqual(reminders);
    expect(await countOf('notices')).toBe(noticeCount);

    const after = await reportCall<TeamReport>(as.liNa, 'halfmonth', 'team', { siteId: 101 });
    expect(after.body.data.lastRemind).toMatchObject({ at: pressed.body.data.last.at, by: { username: '李娜' }, count: missing.length });
  });

  it('reminds only a member newly missing on a later press the same day', async () => {
    // 张伟's half-month report goes (deleted before any leader read it): he is missing now.
    await server.db.execute(sql`delete from reports where id = ${halfMonthId}`);
    const pressed = await reportCall<ReportRemindResult>(as.wangQiang, 'halfmonth', 'remind', { siteId: 101 });
    expect(pressed.status, pressed.body.msg).toBe(200);
    expect(pressed.body.data.reminded).toEqual([{ id: as.zhangWei.id, username: '张伟' }]);
    expect(pressed.body.data.last).toMatchObject({ by: { username: '王强' }, count: 1 });
    const his = await noticesWhere(sql`kind = 'reportRemind' and staff_id = ${as.zhangWei.id}`);
    expect(his).toHaveLength(1);
    expectFailure(await reportCall(as.wangQiang, 'halfmonth', 'remind', { siteId: 101 }), 409, '今天已催交过');
  });

  it('keeps the once-a-day rule per period: 催交 of 上期 leaves today’s 催交 of 本期 to everyone missing it', async () => {
    const current = periodAt('weekly', new Date());
    const previous = shiftPeriod(current, -1);
    // Nobody but 张伟 wrote either week at 101, so both periods miss the same members.
    await server.db.execute(sql`delete from reports where site_id = 101 and kind = 'weekly' and period_start in (${previous.start}, ${current.start}) and id <> ${weeklyId}`);
    const lastWeek = await reportCall<ReportRemindResult>(as.liNa, 'weekly', 'remind', { siteId: 101, periodStart: previous.start });
    expect(lastWeek.status, lastWeek.body.msg).toBe(200);
    const missingLastWeek = lastWeek.body.data.reminded.map((person) => person.id);
    expect(missingLastWeek.length).toBeGreaterThan(1);

    const before = await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101 });
    expect(before.body.data.lastRemind).toBeNull();
    const missing = before.body.data.missing.map((person) => person.id);
    expect(missing.filter((id) => missingLastWeek.includes(id)).length).toBeGreaterThan(1);

    const thisWeek = await reportCall<ReportRemindResult>(as.liNa, 'weekly', 'remind', { siteId: 101 });
    expect(thisWeek.status, thisWeek.body.msg).toBe(200);
    expect(thisWeek.body.data.reminded.map((person) => person.id)).toEqual(missing);
    expect(thisWeek.body.data.last).toMatchObject({ count: missing.length });
    // Each reminded member has one notice per period, and the last week's team report still shows its own press.
    for (const id of missing.filter((member) => missingLastWeek.includes(member))) {
      const theirs = await noticesWhere(sql`kind = 'reportRemind' and staff_id = ${id} and dedupe_key like 'reportRemind:weekly:101:%'`);
      expect(theirs.map((row) => row.body)).toEqual([expect.stringContaining(periodLabel(previous)), expect.stringContaining(periodLabel(current))]);
    }
    const past = await reportCall<TeamReport>(as.liNa, 'weekly', 'team', { siteId: 101, periodStart: previous.start });
    expect(past.body.data.lastRemind).toMatchObject({ count: missingLastWeek.length });
    expectFailure(await reportCall(as.liNa, 'weekly', 'remind', { siteId: 101 }), 409, '今天已催交过');
    expectFailure(await reportCall(as.liNa, 'weekly', 'remind', { siteId: 101, periodStart: previous.start }), 409, '今天已催交过');
  });

  it('is for leaders of the site and reportAllSites only, for the current period or the one before', async () => {
    const before = await countOf('report_reminders');
    expectFailure(await reportCall(as.zhangWei, 'weekly', 'remind', { siteId: 101 }), 403, '只有站点主管可以催交');
    expectFailure(await reportCall(as.wangQiang, 'weekly', 'remind', { siteId: 201 }), 403, '只有站点主管可以催交');
    expectFailure(await reportCall(as.chenJing, 'weekly', 'remind', { siteId: 101 }), 403);
    const old = shiftPeriod(periodAt('weekly', new Date()), -2).start;
    expectFailure(await reportCall(as.liNa, 'weekly', 'remind', { siteId: 101, periodStart: old }), 400);
    expect(await countOf('report_reminders')).toBe(before);
    const salesperson = await reportCall<TeamReport>(as.liuYang, 'weekly', 'team', { siteId: 102 });
    expect(salesperson.body.data.canRemind).toBe(true);
    const allSites = await reportCall<ReportRemindResult>(as.liuYang, 'weekly', 'remind', { siteId: 102 });
    expect(allSites.status, allSites.body.msg).toBe(200);
  });
});

describe('demo data', () => {
  it('gives 张伟 comments, likes and their notices on recent reports, one comment left for him to answer', async () => {
    const likes = await noticesWhere(sql`staff_id = ${as.zhangWei.id} and kind = 'reportLike' and dedupe_key <> ${`reportLike:${weeklyId}:${as.liNa.id}`}`);
    expect(likes.length, 'likes on his past reports').toBeGreaterThan(0);
    const [open] = await rows<{ report_id: number; kind: string }>(
      server.db,
      sql`select c.report_id, r.kind from report_comments c join reports r on r.id = c.report_id
          where r.staff_id = ${as.zhangWei.id} and c.reply is null and r.period_start < ${periodAt('weekly', new Date()).start} order by c.id limit 1`,
    );
    expect(open, 'a seeded comment on one of his past reports, not answered yet').toBeDefined();
    const api: Api = open?.kind === 'weekly' ? 'weekly' : 'halfmonth';
    const feedback = await reportCall<ReportFeedback>(as.zhangWei, api, 'comment/list', { siteId: 101, reportId: open?.report_id ?? 0 });
    expect(feedback.status).toBe(200);
    expect(feedback.body.data.comments.some((comment) => comment.canReply)).toBe(true);
    const seededNotices = await noticesWhere(sql`staff_id = ${as.zhangWei.id} and kind = 'reportComment' and dedupe_key = ${`reportComment:${feedback.body.data.comments.find((comment) => comment.canReply)?.id ?? 0}`}`);
    expect(seededNotices).toHaveLength(1);
    expect(seededNotices[0]?.link).toBe(api === 'weekly' ? `/pages/index/weeklyDetails?id=${open?.report_id}` : `/pages/details/historicalReportRecords?id=${open?.report_id}`);
  });
});

describe('two at once', () => {
  it('keeps one like, one reply and one reminder per member when the same call arrives twice together', async () => {
    const likes = await Promise.all([0, 1].map(() => reportCall(as.wangQiang, 'weekly', 'like', { siteId: 101, reportId: weeklyId })));
    expect(likes.map((response) => response.status).sort()).toEqual([200, 409]);

    const commented = await reportCall<ReportFeedback>(as.wangQiang, 'weekly', 'comment', { siteId: 101, reportId: weeklyId, text: '两次回复的测试' });
    const commentId = commented.body.data.comments.at(-1)?.id ?? 0;
    const replies = await Promise.all(['第一条', '第二条'].map((text) => reportCall(as.zhangWei, 'weekly', 'comment/reply', { siteId: 101, commentId, text })));
    expect(replies.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await noticesWhere(sql`dedupe_key = ${`commentReply:${commentId}`}`)).toHaveLength(1);

    const team = await reportCall<TeamReport>(as.liuYang, 'halfmonth', 'team', { siteId: 102 });
    const missing = team.body.data.missing.map((person) => person.id);
    expect(missing.length).toBeGreaterThan(0);
    const presses = await Promise.all([as.wangQiang, as.chenJing].map((leader) => reportCall<ReportRemindResult>(leader, 'halfmonth', 'remind', { siteId: 102 })));
    const reminded = presses.flatMap((response) => (response.status === 200 ? response.body.data.reminded.map((person) => person.id) : []));
    expect(reminded.sort((a, b) => a - b)).toEqual(missing);
    const notices = await noticesWhere(sql`kind = 'reportRemind' and dedupe_key like 'reportRemind:halfMonth:102:%'`);
    expect(notices.map((notice) => notice.staff_id).sort((a, b) => a - b)).toEqual(missing);
  });
});
