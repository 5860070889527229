/**
 * 点评, 回复 and 点赞 on 周报 and 半月报 (issue 18 §4). Who may do what is decided in
 * sales-authorization; a report the caller may not read answers 404 as everywhere else. Every
 * write and the notice it causes (through createNotices) share one transaction.
 */
import { REPORT_COMMENT_MAX, REPORT_KIND_LABELS, type ReportCommentBody, type ReportCommentReplyBody, type ReportFeedback, type ReportKind } from '@sales/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { reportComments, reportLikes, reports, staff } from '../../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { createNotices } from '../notices/notices-repository.js';
import { canGiveReportFeedback, canReadReport, canReplyToReportComment, REPORT_NOT_FOUND, type ReportScope } from '../sales/sales-authorization.js';
import { iso } from '../sales/sales-queries.js';
import { reportPageLink } from '../../../db/report-links.js';

type ReportRow = typeof reports.$inferSelect;

export const COMMENT_NOT_FOUND = '点评不存在';

/** A notice's text: the first characters of what was written. */
const excerpt = (text: string, max = 120) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
};

/** Trimmed feedback text of 1–500 characters, counted as the page's counter counts them. */
export function checkedFeedbackText(value: string, label: string): string {
  const text = value.trim();
  if (!text) throw badRequest(`请填写${label}内容`);
  if ([...text].length > REPORT_COMMENT_MAX) throw badRequest(`${label}不能超过${REPORT_COMMENT_MAX}字`);
  return text;
}

export class ReportFeedbackRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: ReportKind,
  ) {}

  private get label() {
    return REPORT_KIND_LABELS[this.kind];
  }

  /** The report of this kind if the caller may read it, else 404. */
  private async readable(db: Db | Tx, scope: ReportScope, id: number): Promise<ReportRow> {
    const [report] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.id, id), eq(reports.kind, this.kind)));
    if (!report || !canReadReport(scope, report)) throw notFound(REPORT_NOT_FOUND);
    return report;
  }

  private async nameOf(db: Db | Tx, staffId: number): Promise<string> {
    const [row] = await db.select({ username: staff.username }).from(staff).where(eq(staff.id, staffId));
    return row?.username ?? '';
  }

  /** A feedback notice to `to` from the caller, linking to the report; title and text are written with the caller's name. */
  private async tell(
    tx: Tx,
    scope: ReportScope,
    report: { id: number; siteId: number },
    to: number,
    kind: 'reportComment' | 'commentReply' | 'reportLike',
    dedupeKey: string,
    words: (name: string) => [title: string, body: string],
  ): Promise<void> {
    const [title, body] = words(await this.nameOf(tx, scope.userId));
    await createNotices(tx, [{ staffId: to, kind, dedupeKey, title, body, link: reportPageLink(this.kind, report.id), siteId: report.siteId, actorId: scope.userId }]);
  }

  /** A report's comments and likes, with what the caller may do. */
  async list(scope: ReportScope, reportId: number): Promise<ReportFeedback> {
    const report = await this.readable(this.db, scope, reportId);
    return this.feedbackOf(this.db, scope, report);
  }

  private async feedbackOf(db: Db | Tx, scope: ReportScope, report: ReportRow): Promise<ReportFeedback> {
    const comments = await db
      .select({ comment: reportComments, username: staff.username })
      .from(reportComments)
      .innerJoin(staff, eq(staff.id, reportComments.authorId))
      .where(eq(reportComments.reportId, report.id))
      .orderBy(asc(reportComments.createdAt), asc(reportComments.id));
    const likes = await db
      .select({ id: staff.id, username: staff.username })
      .from(reportLikes)
      .innerJoin(staff, eq(staff.id, reportLikes.staffId))
      .where(eq(reportLikes.reportId, report.id))
      .orderBy(asc(reportLikes.createdAt), asc(staff.id));
    const author = canReplyToReportComment(scope, report);
    const likedByMe = likes.some((like) => like.id === scope.userId);
    const mayGive = canGiveReportFeedback(scope, report);
    return {
      reportId: report.id,
      comments: comments.map(({ comment, username }) => ({
        id: comment.id,
        author: { id: comment.authorId, username },
        text: comment.body,
        createdAt: iso(comment.createdAt),
        reply: comment.reply !== null && comment.repliedAt !== null ? { text: comment.reply, repliedAt: iso(comment.repliedAt) } : null,
        canReply: author && comment.reply === null,
      })),
      likes: { count: likes.length, likedByMe, who: likes },
      canComment: mayGive,
      canLike: mayGive && !likedByMe,
    };
  }

  /** 点评: a leader's comment; the author gets a reportComment notice. */
  async comment(scope: ReportScope, body: ReportCommentBody): Promise<ReportFeedback> {
    const text = checkedFeedbackText(body.text, '点评');
    return this.db.transaction(async (tx) => {
      const report = await this.readable(tx, scope, body.reportId);
      if (!canGiveReportFeedback(scope, report)) throw forbidden(`只有站点主管可以点评成员的${this.label}`);
      const [created] = await tx.insert(reportComments).values({ reportId: report.id, authorId: scope.userId, body: text }).returning({ id: reportComments.id });
      if (!created) throw new Error('comment insert returned nothing');
      await this.tell(tx, scope, report, report.staffId, 'reportComment', `reportComment:${created.id}`, (name) => [`${name}点评了你的${this.label}`, excerpt(text)]);
      return this.feedbackOf(tx, scope, report);
    });
  }

  /** The author's one answer to a 点评; the commenter gets a commentReply notice. */
  async reply(scope: ReportScope, body: ReportCommentReplyBody): Promise<ReportFeedback> {
    const text = checkedFeedbackText(body.text, '回复');
    return this.db.transaction(async (tx) => {
      // A comment on a report the caller may not read (or of the other kind) does not exist for them.
      const [found] = await tx
        .select({ report: reports })
        .from(reportComments)
        .innerJoin(reports, eq(reports.id, reportComments.reportId))
        .where(and(eq(reportComments.id, body.commentId), eq(reports.kind, this.kind)));
      if (!found || !canReadReport(scope, found.report)) throw notFound(COMMENT_NOT_FOUND);
      const report = found.report;
      if (!canReplyToReportComment(scope, report)) throw forbidden(`只有${this.label}的作者可以回复点评`);
      // Only a comment not yet answered changes; the condition decides between two replies at once.
      const [answered] = await tx
        .update(reportComments)
        .set({ reply: text, repliedAt: new Date() })
        .where(and(eq(reportComments.id, body.commentId), isNull(reportComments.reply)))
        .returning({ authorId: reportComments.authorId });
      if (!answered) throw conflict('已回复过这条点评');
      await this.tell(tx, scope, report, answered.authorId, 'commentReply', `commentReply:${body.commentId}`, (name) => [`${name}回复了你的点评`, excerpt(text)]);
      return this.feedbackOf(tx, scope, report);
    });
  }

  /** 点赞, once per person; the author gets a reportLike notice. A second like is 409. */
  async like(scope: ReportScope, reportId: number): Promise<ReportFeedback> {
    return this.db.transaction(async (tx) => {
      const report = await this.readable(tx, scope, reportId);
      if (!canGiveReportFeedback(scope, report)) throw forbidden(`只有站点主管可以给成员的${this.label}点赞`);
      const [liked] = await tx
        .insert(reportLikes)
        .values({ reportId: report.id, staffId: scope.userId })
        .onConflictDoNothing()
        .returning({ reportId: reportLikes.reportId });
      if (!liked) throw conflict('已点赞过');
      await this.tell(tx, scope, report, report.staffId, 'reportLike', `reportLike:${report.id}:${scope.userId}`, (name) => [`${name}赞了你的${this.label}`, `${name}给你的${this.label}点了赞`]);
      return this.feedbackOf(tx, scope, report);
    });
  }
}
