/**
 * Feedback on 周报 and 半月报 (issue 18 §4): 点评 (a comment, which the author may answer once),
 * 点赞, and the team report's 一键催交. Every body names the site (SPEC §7) like the other report
 * calls; texts are checked after trimming by the server, with Chinese messages.
 */
import Type from 'typebox';
import { Day, Id, Nullable, SiteId, Timestamp } from './primitives.js';
import { StaffRef } from './sales.js';

/** Longest 点评 or 回复, in characters after trimming. */
export const REPORT_COMMENT_MAX = 500;

// The schema bound only keeps absurd bodies out; the limit above is checked after trimming.
const FeedbackText = Type.String({ maxLength: REPORT_COMMENT_MAX * 4 });

/** …/comment/list and …/like: the report whose feedback is asked for or liked. */
export const ReportFeedbackBody = Type.Object({ siteId: SiteId, reportId: Id });
export type ReportFeedbackBody = Type.Static<typeof ReportFeedbackBody>;

/** …/comment: a leader's 点评 on a member's report. */
export const ReportCommentBody = Type.Object({ siteId: SiteId, reportId: Id, text: FeedbackText });
export type ReportCommentBody = Type.Static<typeof ReportCommentBody>;

/** …/comment/reply: the author's one answer to a 点评. */
export const ReportCommentReplyBody = Type.Object({ siteId: SiteId, commentId: Id, text: FeedbackText });
export type ReportCommentReplyBody = Type.Static<typeof ReportCommentReplyBody>;

export const ReportComment = Type.Object({
  id: Type.Integer(),
  author: StaffRef,
  text: Type.String(),
  createdAt: Timestamp,
  /** The report author's answer, once. */
  reply: Nullable(Type.Object({ text: Type.String(), repliedAt: Timestamp })),
  /** The caller is the report's author and has not answered yet. */
  canReply: Type.Boolean(),
});
export type ReportComment = Type.Static<typeof ReportComment>;

/** A report's comments (oldest first) and likes, with what the caller may do. */
export const ReportFeedback = Type.Object({
  reportId: Type.Integer(),
  comments: Type.Array(ReportComment),
  likes: Type.Object({
    count: Type.Integer(),
    likedByMe: Type.Boolean(),
    /** Who liked it, first like first. */
    who: Type.Array(StaffRef),
  }),
  canComment: Type.Boolean(),
  /** May like it and has not yet. */
  canLike: Type.Boolean(),
});
export type ReportFeedback = Type.Static<typeof ReportFeedback>;

/** …/remind: 一键催交 for a period (the current one when absent; at most one period back). */
export const ReportRemindBody = Type.Object({ siteId: SiteId, periodStart: Type.Optional(Day) });
export type ReportRemindBody = Type.Static<typeof ReportRemindBody>;

/** The latest 一键催交 of a site and period: when, by whom, how many members it reminded. */
export const ReportRemindInfo = Type.Object({ at: Timestamp, by: StaffRef, count: Type.Integer() });
export type ReportRemindInfo = Type.Static<typeof ReportRemindInfo>;

export const ReportRemindResult = Type.Object({
  /** The members this press reminded (missing the report and not yet reminded today). */
  reminded: Type.Array(StaffRef),
  last: ReportRemindInfo,
});
export type ReportRemindResult = Type.Static<typeof ReportRemindResult>;

/** GET /__dev/notices (development only): the latest notices of a phone's user, for e2e checks until 消息中心's list is in. */
export const DevNoticesQuery = Type.Object({ phone: Type.String({ maxLength: 32 }), kind: Type.Optional(Type.String({ maxLength: 32 })) });
export type DevNoticesQuery = Type.Static<typeof DevNoticesQuery>;
export const DevNotices = Type.Object({
  list: Type.Array(Type.Object({ id: Type.Integer(), kind: Type.String(), dedupeKey: Type.String(), title: Type.String(), body: Type.String(), link: Type.String(), createdAt: Timestamp })),
});
export type DevNotices = Type.Static<typeof DevNotices>;
