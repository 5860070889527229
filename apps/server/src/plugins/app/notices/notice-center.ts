/**
 * 消息中心: a user's own notices, newest first, their unread count and marking them read. Every
 * query is narrowed by ownNotices (sales-authorization) and answered from migration 0014's
 * indexes: the list from notices_staff_created_idx, the count from the partial
 * notices_staff_unread_idx.
 */
import type { NoticeItem, NoticeKind, NoticeListBody, NoticePage, NoticeReadBody, NoticeReadResult } from '@sales/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { notices } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { NOTICE_NOT_FOUND, ownNotices } from '../sales/sales-authorization.js';
import { paging } from '../sales/sales-queries.js';

export class NoticeCenter {
  constructor(private readonly db: Db) {}

  /** The user's unread notices (an index-only count over the partial unread index). */
  async unread(userId: number, db: Db | Tx = this.db): Promise<number> {
    const [row] = await db
      .select({ unread: count() })
      .from(notices)
      .where(and(ownNotices(userId), isNull(notices.readAt)));
    return row?.unread ?? 0;
  }

  async list(userId: number, body: NoticeListBody): Promise<NoticePage> {
    const { page, pageSize, offset } = paging(body.page, body.pageSize);
    const [rows, [totalRow], unread] = await Promise.all([
      this.db
        .select({
          id: notices.id,
          kind: notices.kind,
          title: notices.title,
          body: notices.body,
          link: notices.link,
          createdAt: notices.createdAt,
          readAt: notices.readAt,
        })
        .from(notices)
        .where(ownNotices(userId))
        // NULLS LAST as the index has it (drizzle's desc() is NULLS FIRST, which the index cannot give in order).
        .orderBy(sql`${notices.createdAt} desc nulls last`, sql`${notices.id} desc nulls last`)
        .limit(pageSize)
        .offset(offset),
      this.db.select({ total: count() }).from(notices).where(ownNotices(userId)),
      this.unread(userId),
    ]);
    const list: NoticeItem[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind as NoticeKind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    }));
    return { list, total: totalRow?.total ?? 0, page, pageSize, unread };
  }

  /**
   * Marks one of the user's notices read, or all of them (全部已读). Another user's notice is
   * refused as if it did not exist, and nothing changes.
   */
  async read(userId: number, body: NoticeReadBody): Promise<NoticeReadResult> {
    const one = body.id;
    const all = body.all === true;
    if (one === undefined && !all) throw badRequest('请指定要标为已读的消息');
    if (one !== undefined && all) throw badRequest('标记单条消息时不能同时全部已读');
    return this.db.transaction(async (tx) => {
      const now = new Date();
      let marked: number;
      if (one !== undefined) {
        const [notice] = await tx
          .select({ id: notices.id, readAt: notices.readAt })
          .from(notices)
          .where(and(eq(notices.id, one), ownNotices(userId)))
          .for('update');
        if (!notice) throw notFound(NOTICE_NOT_FOUND);
        const done = await tx
          .update(notices)
          .set({ readAt: now })
          .where(and(eq(notices.id, one), isNull(notices.readAt)))
          .returning({ id: notices.id });
        marked = done.length;
      } else {
        const done = await tx
          .update(notices)
          .set({ readAt: now })
          .where(and(ownNotices(userId), isNull(notices.readAt)))
          .returning({ id: notices.id });
        marked = done.length;
      }
      return { marked, unread: await this.unread(userId, tx) };
    });
  }
}
