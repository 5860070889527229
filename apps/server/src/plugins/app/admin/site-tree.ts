/**
 * 组织架构 (issue 26 §3): the sites as a tree, and the administrator's writes to it — create, rename,
 * move, archive, restore. Each write runs in one transaction that first locks the sites table against
 * other writers (so the next free id, the sibling names and the ancestry it checks cannot change under
 * it) and appends one audit entry, before → after. Leadership follows the tree (sales-authorization's
 * ledSites) and so do figures (site-links' siteAndDescendants): once a write has committed, `onChanged`
 * drops every instance's cached user info and scopes, whose sites and leadership it may have changed.
 */
import type { AdminSite, AdminSiteCreateBody, AdminSiteList, AdminSiteMoveBody, AdminSiteUpdateBody } from '@sales/contract';
import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { positions, sites, staff } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { appendAudit, type AuditAction, type AuditValues, type ClientContext } from '../audit.js';
import { SITE_NOT_FOUND } from '../sales/sales-authorization.js';

export const SITE_NAME_BLANK = '请填写站点名称';
export const SITE_REGION_BLANK = '请填写区域';
export const SITE_NAME_TAKEN = '同一上级下已有同名站点';
export const PARENT_NOT_FOUND = '上级站点不存在';
export const PARENT_ARCHIVED = '不能放在已归档的站点之下';
export const MOVE_CYCLE = '不能移到自己或下级站点之下';
export const SITE_HAS_MEMBERS = '站点还有在职成员，请先调走';
export const SITE_HAS_CHILDREN = '站点下还有未归档的下级站点，请先移走或归档';
export const SITE_ARCHIVED = '站点已归档，请先恢复';
export const SITE_NOT_ARCHIVED = '站点未归档';
export const NOTHING_TO_UPDATE = '请填写新的名称或区域';

/** A site's row as the tree and the directory sync read it. */
export interface SiteRow {
  id: number;
  name: string;
  region: string;
  parentId: number | null;
  archivedAt: Date | null;
}

/** What one write did, for its audit entry: before is null for a new site. */
interface SiteChange {
  id: number;
  action: AuditAction;
  detail: string;
  before: AuditValues | null;
  after: AuditValues;
}

/** Who is writing, for the audit entry. */
export interface SiteWriter {
  adminId: number;
  client: ClientContext;
}

const describe = (site: Pick<SiteRow, 'name' | 'region' | 'parentId'>) => `${site.name}（${site.region}，上级 ${site.parentId ?? '无'}）`;

/** Every site (or those matching `where`) with its active members and leaders, in id order. */
async function readSites(db: Db | Tx, where?: SQL): Promise<AdminSite[]> {
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      region: sites.region,
      parentId: sites.parentId,
      archivedAt: sites.archivedAt,
      memberCount: sql<number>`count(distinct ${staff.id})::int`,
      leaderCount: sql<number>`count(distinct ${staff.id}) filter (where ${positions.isLeader})::int`,
    })
    .from(sites)
    .leftJoin(positions, eq(positions.siteId, sites.id))
    .leftJoin(staff, and(eq(staff.id, positions.staffId), eq(staff.status, 'active')))
    .where(where)
    .groupBy(sites.id)
    .orderBy(asc(sites.id));
  return rows.map(({ archivedAt, ...site }) => ({ ...site, archived: archivedAt !== null }));
}

const trimmed = (value: string, blank: string) => {
  const text = value.trim();
  if (text.length === 0) throw badRequest(blank);
  return text;
};

export class SiteTree {
  constructor(
    private readonly db: Db,
    private readonly onChanged: () => Promise<void> = async () => undefined,
  ) {}

  /** Every site, archived ones included (the console greys them), with parentId for the tree. */
  async list(): Promise<AdminSiteList> {
    return { list: await readSites(this.db) };
  }

  async create(input: AdminSiteCreateBody, writer: SiteWriter): Promise<AdminSite> {
    const name = trimmed(input.name, SITE_NAME_BLANK);
    const region = trimmed(input.region, SITE_REGION_BLANK);
    const parentId = input.parentId ?? null;
    return this.write(async (tx) => {
      if (parentId !== null) await this.usableParent(tx, parentId);
      await this.assertNameFree(tx, name, parentId, null);
      const [next] = await tx.select({ id: sql<number>`coalesce(max(${sites.id}), 0)::int + 1` }).from(sites);
      const id = next?.id ?? 1;
      await tx.insert(sites).values({ id, name, region, parentId });
      return { id, action: 'site.create', detail: `site ${id}: 无 → ${describe({ name, region, parentId })}`, before: null, after: { id, name, region, parentId } };
    }, writer);
  }

  async update(input: AdminSiteUpdateBody, writer: SiteWriter): Promise<AdminSite> {
    if (input.name === undefined && input.region === undefined) throw badRequest(NOTHING_TO_UPDATE);
    const name = input.name === undefined ? undefined : trimmed(input.name, SITE_NAME_BLANK);
    const region = input.region === undefined ? undefined : trimmed(input.region, SITE_REGION_BLANK);
    return this.write(async (tx) => {
      const site = await this.liveSite(tx, input.id);
      const after = { name: name ?? site.name, region: region ?? site.region, parentId: site.parentId };
      if (after.name !== site.name) await this.assertNameFree(tx, after.name, site.parentId, site.id);
      await tx.update(sites).set({ name: after.name, region: after.region }).where(eq(sites.id, site.id));
      return {
        id: site.id,
        action: 'site.update',
        detail: `site ${site.id}: ${describe(site)} → ${describe(after)}`,
        before: { id: site.id, name: site.name, region: site.region },
        after: { id: site.id, name: after.name, region: after.region },
      };
    }, writer);
  }

  async move(input: AdminSiteMoveBody, writer: SiteWriter): Promise<AdminSite> {
    return this.write(async (tx) => {
      const site = await this.liveSite(tx, input.id);
      const parentId = input.parentId;
      if (parentId !== null) {
        if (parentId === site.id || (await this.descendantsOf(tx, site.id)).has(parentId)) throw badRequest(MOVE_CYCLE);
        await this.usableParent(tx, parentId);
      }
      if (parentId !== site.parentId) await this.assertNameFree(tx, site.name, parentId, site.id);
      await tx.update(sites).set({ parentId }).where(eq(sites.id, site.id));
      return {
        id: site.id,
        action: 'site.move',
        detail: `site ${site.id}: 上级 ${site.parentId ?? '无'} → ${parentId ?? '无'}`,
        before: { id: site.id, name: site.name, parentId: site.parentId, parentName: await this.nameOf(tx, site.parentId) },
        after: { id: site.id, name: site.name, parentId, parentName: await this.nameOf(tx, parentId) },
      };
    }, writer);
  }

  /** Refused while an active person holds a position there or a child site is not archived. */
  async archive(id: number, writer: SiteWriter): Promise<AdminSite> {
    return this.write(async (tx) => {
      const site = await this.liveSite(tx, id);
      const [members] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(positions)
        .innerJoin(staff, eq(staff.id, positions.staffId))
        .where(and(eq(positions.siteId, id), eq(staff.status, 'active')));
      if ((members?.n ?? 0) > 0) throw conflict(SITE_HAS_MEMBERS);
      const [children] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sites)
        .where(and(eq(sites.parentId, id), isNull(sites.archivedAt)));
      if ((children?.n ?? 0) > 0) throw conflict(SITE_HAS_CHILDREN);
      await tx.update(sites).set({ archivedAt: new Date() }).where(eq(sites.id, id));
      return { id, action: 'site.archive', detail: `site ${id} ${site.name}: 在用 → 已归档`, before: { id, name: site.name, archived: false }, after: { id, name: site.name, archived: true } };
    }, writer);
  }

  /** Back in use, under the same parent — which must itself be in use, with the name still free there. */
  async restore(id: number, writer: SiteWriter): Promise<AdminSite> {
    return this.write(async (tx) => {
      const site = await this.siteRow(tx, id);
      if (site.archivedAt === null) throw conflict(SITE_NOT_ARCHIVED);
      if (site.parentId !== null) await this.usableParent(tx, site.parentId);
      await this.assertNameFree(tx, site.name, site.parentId, site.id);
      await tx.update(sites).set({ archivedAt: null }).where(eq(sites.id, id));
      return { id, action: 'site.restore', detail: `site ${id} ${site.name}: 已归档 → 在用`, before: { id, name: site.name, archived: true }, after: { id, name: site.name, archived: false } };
    }, writer);
  }

  /**
   * One write: lock the sites table against other writers (reads go on), run the change, append its
   * audit entry, and answer the site as the list shows it — all in one transaction.
   */
  private async write(change: (tx: Tx) => Promise<SiteChange>, writer: SiteWriter): Promise<AdminSite> {
    const written = await this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sites} in share row exclusive mode`);
      const done = await change(tx);
      await appendAudit(tx, { action: done.action, actorId: writer.adminId, targetId: null, detail: done.detail, before: done.before, after: done.after, client: writer.client });
      const [site] = await readSites(tx, eq(sites.id, done.id));
      if (!site) throw notFound(SITE_NOT_FOUND);
      return site;
    });
    await this.onChanged();
    return written;
  }

  /** A parent's name for the audit entry; null for the top. */
  private async nameOf(tx: Tx, id: number | null): Promise<string | null> {
    if (id === null) return null;
    const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, id));
    return site?.name ?? null;
  }

  private async siteRow(tx: Tx, id: number): Promise<SiteRow> {
    const [site] = await tx
      .select({ id: sites.id, name: sites.name, region: sites.region, parentId: sites.parentId, archivedAt: sites.archivedAt })
      .from(sites)
      .where(eq(sites.id, id));
    if (!site) throw notFound(SITE_NOT_FOUND);
    return site;
  }

  /** A site that is not archived: an archived one is only restored. */
  private async liveSite(tx: Tx, id: number): Promise<SiteRow> {
    const site = await this.siteRow(tx, id);
    if (site.archivedAt !== null) throw conflict(SITE_ARCHIVED);
    return site;
  }

  private async usableParent(tx: Tx, parentId: number): Promise<void> {
    const [parent] = await tx.select({ archivedAt: sites.archivedAt }).from(sites).where(eq(sites.id, parentId));
    if (!parent) throw notFound(PARENT_NOT_FOUND);
    if (parent.archivedAt !== null) throw badRequest(PARENT_ARCHIVED);
  }

  /** Every site below `id`, however deep (the table is locked, so the tree read here is the tree written). */
  private async descendantsOf(tx: Tx, id: number): Promise<Set<number>> {
    const all = await tx.select({ id: sites.id, parentId: sites.parentId }).from(sites);
    const below = new Set<number>();
    let frontier = [id];
    while (frontier.length > 0) {
      const parents = new Set(frontier);
      frontier = all.filter((site) => site.parentId !== null && parents.has(site.parentId) && !below.has(site.id)).map((site) => site.id);
      for (const child of frontier) below.add(child);
    }
    return below;
  }

  private async assertNameFree(tx: Tx, name: string, parentId: number | null, self: number | null): Promise<void> {
    const [taken] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.name, name),
          parentId === null ? isNull(sites.parentId) : eq(sites.parentId, parentId),
          isNull(sites.archivedAt),
          self === null ? undefined : ne(sites.id, self),
        ),
      )
      .limit(1);
    if (taken) throw conflict(SITE_NAME_TAKEN);
  }
}
