/** Feedback on reports (issue 18 §4): a leader's 点评 reaches the author (page and notice), the author answers once; 一键催交 reaches every missing member once. */
import { DevNotices, periodAt, type ReportFeedback, type ReportRemindResult } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Parse } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin, call, callEndpoint } from '../support/api';
import { useApp } from '../support/app';
import { TeamReportPage, waitForReportCall } from '../support/report-pages';

const harness = useApp();

/** A user's notices of a kind, with their keys, from the development route (checked against its schema). */
const noticesOf = async (phone: string, kind: string) => Parse(DevNotices, (await call('GET', `/__dev/notices?phone=${phone}&kind=${kind}`)).body.data).list;

describe('feedback on reports', () => {
  test('李娜 comments on 张伟’s weekly report; 张伟 sees it with a notice and answers it once', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    // 张伟's latest weekly report of a past week (the demo seed wrote it; this week's belongs to reports.test.ts).
    const list = await callEndpoint(ROUTES.weeklyReport.list, { siteId: 101 }, zhang.token);
    const thisWeek = periodAt('weekly', new Date()).start;
    const report = list.body.data.list.find((item) => item.periodStart < thisWeek);
    if (!report) throw new Error('张伟 has no weekly report in the demo data');
    const text = `第${report.label}的拜访记录写得很细，下周把新品也带上。`;

    const app = await harness.newApp();
    await app.signIn(LI_NA);
    const feedbackLoaded = waitForReportCall(app.page, 'weekly', 'comment/list');
    await app.open(`pages/index/weeklyDetails?id=${report.id}`);
    await app.waitForTitle('周报业绩详情');
    await feedbackLoaded;
    const input = app.page.getByTestId('report-comment-input');
    await input.waitFor();
    await input.locator('textarea:not([aria-hidden])').fill(text);
    await expect.poll(async () => (await input.locator('.adm-text-area-count').textContent())?.trim()).toBe(`${[...text].length}/500`);
    const commented = waitForReportCall(app.page, 'weekly', 'comment');
    await input.getByTestId('report-comment-input-submit').tap();
    const answer = (await (await commented).json()) as { code: number; data: ReportFeedback };
    expect(answer.code).toBe(200);
    const comment = answer.data.comments.find((item) => item.text === text);
    if (!comment) throw new Error('the new comment is not in the answer');
    await app.waitForToast('已点评');
    await expect.poll(() => app.page.getByTestId('report-comment-text').filter({ hasText: text }).count()).toBe(1);
    await app.screenshot('report-feedback-leader');

    // The author: a notice that links to the report, and the comment on the report page.
    const notices = await noticesOf(ZHANG_WEI.phone, 'reportComment');
    expect(notices.filter((notice) => notice.dedupeKey === `reportComment:${comment.id}`)).toEqual([
      expect.objectContaining({ title: '李娜点评了你的周报', body: text, link: `/pages/index/weeklyDetails?id=${report.id}` }),
    ]);
    const author = await harness.newApp();
    await author.signIn(ZHANG_WEI);
    await author.open(`pages/index/weeklyDetails?id=${report.id}`);
    await author.waitForTitle('周报业绩详情');
    const item = author.page.getByTestId('report-comment').filter({ hasText: text });
    await item.waitFor();
    expect(await item.textContent()).toContain('李娜');
    expect(await author.page.getByTestId('report-comment-input').count()).toBe(0);
    expect(await author.page.getByTestId('report-like').count()).toBe(0);

    await item.getByTestId('report-reply-open').tap();
    await item.getByTestId('report-reply-text').locator('textarea:not([aria-hidden])').fill('收到，下周带新品样品去拜访。');
    const replied = waitForReportCall(author.page, 'weekly', 'comment/reply');
    await item.getByTestId('report-reply-submit').tap();
    expect((await replied).status()).toBe(200);
    await expect.poll(() => item.getByTestId('report-comment-reply').textContent()).toContain('收到，下周带新品样品去拜访。');
    expect(await item.getByTestId('report-reply-open').count()).toBe(0);
    await author.screenshot('report-feedback-author');
    // Once: a second reply is refused and the leader is told once.
    const again = await callEndpoint(ROUTES.weeklyReport.commentReply, { siteId: 101, commentId: comment.id, text: '再回复' }, zhang.token);
    expect(again.status).toBe(409);
    expect((await noticesOf(LI_NA.phone, 'commentReply')).filter((notice) => notice.dedupeKey === `commentReply:${comment.id}`)).toHaveLength(1);
  });

  test('一键催交 on 团队报告 reminds every member missing this week’s report once; a second press the same day is refused', async () => {
    const leader = await apiLogin(LI_NA);
    const before = await callEndpoint(ROUTES.weeklyReport.team, { siteId: 101 }, leader.token);
    const missing = before.body.data.missing;
    expect(missing.length).toBeGreaterThan(0);

    const app = await harness.newApp();
    await app.signIn(LI_NA);
    const loaded = waitForReportCall(app.page, 'weekly', 'team');
    await app.open('pages/index/teamReport');
    await app.waitForTitle('团队报告');
    await loaded;
    const page = new TeamReportPage(app.page);
    await page.root().waitFor();
    await app.page.getByTestId('team-remind-button').tap();
    const dialog = app.page.locator('.adm-dialog-body').filter({ hasText: '催交提醒' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${missing.length} 人`);
    const reminded = waitForReportCall(app.page, 'weekly', 'remind');
    await dialog.getByRole('button', { name: '催交' }).tap();
    const answer = (await (await reminded).json()) as { code: number; data: ReportRemindResult };
    expect(answer.code).toBe(200);
    expect(answer.data.reminded.map((person) => person.id).sort((a, b) => a - b)).toEqual(missing.map((person) => person.id).sort((a, b) => a - b));
    await app.waitForToast(`已催交 ${missing.length} 人`);
    await expect.poll(() => app.page.getByTestId('team-remind-last').textContent()).toMatch(new RegExp(`^上次催交 \\d{2}:\\d{2} · 李娜 · ${missing.length}人$`));
    await app.screenshot('team-report-remind');

    // 张伟 (when he is among them) has exactly one 催交 notice.
    if (missing.some((person) => person.username === ZHANG_WEI.name)) {
      expect(await noticesOf(ZHANG_WEI.phone, 'reportRemind')).toHaveLength(1);
    }
    // A second press the same day: 今天已催交过, nobody reminded twice.
    const second = waitForReportCall(app.page, 'weekly', 'remind');
    await app.page.getByTestId('team-remind-button').tap();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '催交' }).tap();
    expect((await second).status()).toBe(409);
    await app.waitForToast('今天已催交过');
    const after = await callEndpoint(ROUTES.weeklyReport.team, { siteId: 101 }, leader.token);
    expect(after.body.data.lastRemind).toMatchObject({ count: missing.length, by: { username: '李娜' } });
  });
});
