/**
 * 消息: the kinds of notice the server creates, with their Chinese names (消息中心's filter and
 * 设置 → 消息通知's switches). What each kind's notice says and links to is decided where it is
 * created.
 */
import Type from 'typebox';
import { Id, Page, PageSize, Timestamp } from './primitives.js';

export const NOTICE_KINDS = [
  'followUpDue',
  'weeklyDue',
  'halfMonthDue',
  'reportRemind',
  'reportComment',
  'reportLike',
  'commentReply',
  'customerAssigned',
  'targetChanged',
  'passwordReset',
  'customerReturned',
  'customerReturnWarning',
  'directoryConflict',
] as const;

export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_NAMES: Record<NoticeKind, string> = {
  followUpDue: '今日待联系',
  weeklyDue: '周报待提交',
  halfMonthDue: '半月报待提交',
  reportRemind: '催交提醒',
  reportComment: '报告点评',
  reportLike: '报告点赞',
  commentReply: '点评回复',
  customerAssigned: '客户分配',
  targetChanged: '目标变更',
  passwordReset: '密码重置',
  customerReturned: '客户回收',
  customerReturnWarning: '回收预警',
  directoryConflict: '通讯录同步冲突',
};

/** How long a notice is kept, in days. */
export const NOTICE_RETENTION_DAYS = 90;

// 消息中心: /seller/notice/

/** Where the to-do page of a follow-up due today lives (the followUpDue notice links to it). */
export const TODO_PAGE_LINK = '/pages/my/todo';

/** A page of the caller's notices, newest first. */
export const NoticeListBody = Type.Object({ page: Page, pageSize: PageSize });
export type NoticeListBody = Type.Static<typeof NoticeListBody>;

export const NoticeItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(NOTICE_KINDS),
  title: Type.String(),
  body: Type.String(),
  /** The app route that opens what the notice is about. */
  link: Type.String(),
  createdAt: Timestamp,
  read: Type.Boolean(),
});
export type NoticeItem = Type.Static<typeof NoticeItem>;

/** A page of notices, with the unread count at the time (the badge refreshes from it). */
export const NoticePage = Type.Object({
  list: Type.Array(NoticeItem),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  unread: Type.Integer(),
});
export type NoticePage = Type.Static<typeof NoticePage>;

/** One notice (`id`) or all of them (`all: true`, 全部已读). */
export const NoticeReadBody = Type.Object({ id: Type.Optional(Id), all: Type.Optional(Type.Literal(true)) });
export type NoticeReadBody = Type.Static<typeof NoticeReadBody>;

/** How many the call marked read, and how many are still unread. */
export const NoticeReadResult = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
export type NoticeReadResult = Type.Static<typeof NoticeReadResult>;

export const NoticeUnreadBody = Type.Object({});
export type NoticeUnreadBody = Type.Static<typeof NoticeUnreadBody>;

export const NoticeUnread = Type.Object({ unread: Type.Integer() });
export type NoticeUnread = Type.Static<typeof NoticeUnread>;
