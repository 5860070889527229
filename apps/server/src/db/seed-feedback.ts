/**
 * The 'seed:feedback:v1' step (issue 18 §4): 点评, replies and 点赞 on recent demo reports, with
 * their notices, so a demo login sees the feature at once. Each comment is by a leader who has
 * read the report (a read report can no longer change), shortly after reading it: every such
 * report of the five demo accounts in the last three periods, and about a quarter of the other
 * members' (at most 30 per kind, so `--scale 100` stays small). Some comments are answered by the
 * author, one of each demo account's left open for them to answer; the leader likes about half.
 * Notices go through createNotices (a kind the user turned off is skipped, as in the app).
 */
import { periodAt, REPORT_KIND_LABELS, shiftPeriod, type ReportKind } from '@sales/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { insertNotices, type NewNotice } from './notice-creation.js';
import { reportPageLink } from './report-links.js';
import { reportComments, reportLikes, reportReads, reports, staff } from './schema.js';
import type { SeedOptions } from './seed.js';

const SEED = 20261124;
const PERIODS_BACK = 3;
const DEMO_ACCOUNT_COUNT = 5;
const OTHERS_PER_KIND = 30;

const COMMENTS = [
  '这期客户拜访很扎实，复购客户的跟进思路很清楚，继续保持！',
  '新客户开发还可以再加把劲，下期争取多落地两家门店。',
  '回款跟进做得好，月底前把剩下的款项也盯一下。',
  '问题写得很具体，样品的事我已经和仓库沟通了，下周到。',
  '完成率不错，注意大客户的配送时效，别让投诉影响复购。',
  '计划很清晰，周会上把你的拜访方法跟大家分享一下。',
];
const REPLIES = ['收到，谢谢主管，下期继续努力！', '好的，我这周就去跟进。', '明白，周会上我准备一下。', '谢谢支持，样品到了我马上送过去。'];

/** A moment `minutes` after `from`, never later than now. */
const after = (from: Date, minutes: number, now: Date) => new Date(Math.min(now.getTime() - 60_000, from.getTime() + minutes * 60_000));

export async function seedFeedback(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const notices: (NewNotice & { createdAt: Date })[] = [];
  const names = new Map((await tx.select({ id: staff.id, username: staff.username }).from(staff).where(sql`${staff.id} in (select leader_id from ${reportReads})`)).map((row) => [row.id, row.username]));
  for (const kind of ['weekly', 'halfMonth'] as ReportKind[]) {
    const label = REPORT_KIND_LABELS[kind];
    const current = periodAt(kind, now);
    const earliest = shiftPeriod(current, -PERIODS_BACK);
    // The recent reports with their first reader (ties by leader id), newest period first.
    const read = await tx
      .selectDistinctOn([reports.id], { id: reports.id, staffId: reports.staffId, siteId: reports.siteId, author: staff.username, leaderId: reportReads.leaderId, readAt: reportReads.readAt })
      .from(reports)
      .innerJoin(reportReads, eq(reportReads.reportId, reports.id))
      .innerJoin(staff, eq(staff.id, reports.staffId))
      .where(and(eq(reports.kind, kind), gte(reports.periodStart, earliest.start), lt(reports.periodStart, current.start)))
      .orderBy(asc(reports.id), asc(reportReads.readAt), asc(reportReads.leaderId));
    const demo = read.filter((row) => row.staffId <= DEMO_ACCOUNT_COUNT).reverse();
    const others = read.filter((row) => row.staffId > DEMO_ACCOUNT_COUNT && random.chance(0.25)).slice(0, OTHERS_PER_KIND);
    const openLeft = new Set<number>();
    for (const row of [...demo, ...others]) {
      const leader = names.get(row.leaderId) ?? '主管';
      const commentedAt = after(row.readAt, random.int(5, 180), now);
      // Each demo account keeps its newest commented report's comment open, to answer it themself.
      const leaveOpen = row.staffId <= DEMO_ACCOUNT_COUNT && !openLeft.has(row.staffId);
      if (leaveOpen) openLeft.add(row.staffId);
      const answered = !leaveOpen && random.chance(0.6);
      const repliedAt = answered ? after(commentedAt, random.int(10, 600), now) : null;
      const text = random.pick(COMMENTS);
      const reply = answered ? random.pick(REPLIES) : null;
      const [comment] = await tx
        .insert(reportComments)
        .values({ reportId: row.id, authorId: row.leaderId, body: text, createdAt: commentedAt, reply, repliedAt })
        .returning({ id: reportComments.id });
      if (!comment) throw new Error(`no comment inserted on report ${row.id}`);
      const link = reportPageLink(kind, row.id);
      notices.push({ staffId: row.staffId, kind: 'reportComment', dedupeKey: `reportComment:${comment.id}`, title: `${leader}点评了你的${label}`, body: text, link, siteId: row.siteId, actorId: row.leaderId, createdAt: commentedAt });
      if (reply) {
        notices.push({ staffId: row.leaderId, kind: 'commentReply', dedupeKey: `commentReply:${comment.id}`, title: `${row.author}回复了你的点评`, body: reply, link, siteId: row.siteId, actorId: row.staffId, createdAt: repliedAt ?? commentedAt });
      }
      if (row.staffId <= DEMO_ACCOUNT_COUNT || random.chance(0.5)) {
        const likedAt = after(row.readAt, 1, now);
        await tx.insert(reportLikes).values({ reportId: row.id, staffId: row.leaderId, createdAt: likedAt }).onConflictDoNothing();
        notices.push({ staffId: row.staffId, kind: 'reportLike', dedupeKey: `reportLike:${row.id}:${row.leaderId}`, title: `${leader}赞了你的${label}`, body: `${leader}给你的${label}点了赞`, link, siteId: row.siteId, actorId: row.leaderId, createdAt: likedAt });
      }
    }
  }
  notices.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Oldest first, so the newest notice has the highest id as in the app.
  for (let start = 0; start < notices.length; start += 500) await insertNotices(tx, notices.slice(start, start + 500));
}
