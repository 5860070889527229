/**
 * The organisation's people as the admin console reads them (员工, paged on the server); the sites
 * are site-tree.ts's. Only administrators reach these (the routes assert it first); no sales
 * figure is read here.
 */
import type { AdminStaffListBody, AdminStaffPage, AdminStaffRow, StaffStatus } from '@sales/contract';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { positions, sites, staff } from '../../../db/schema.js';

const DEFAULT_PAGE_SIZE = 20;

const STAFF_COLUMNS = {
  id: staff.id,
  username: staff.username,
  phone: staff.phone,
  status: staff.status,
  isAdmin: staff.isAdmin,
  reportAllSites: staff.reportAllSites,
  teamReportAuth: staff.teamReportAuth,
  wecomUserId: staff.wecomUserId,
  dingtalkUserId: staff.dingtalkUserId,
  createdAt: staff.createdAt,
  deactivatedAt: staff.deactivatedAt,
};
interface StaffColumns {
  id: number;
  username: string;
  phone: string;
  status: string;
  isAdmin: boolean;
  reportAllSites: boolean;
  teamReportAuth: boolean;
  wecomUserId: string | null;
  dingtalkUserId: string | null;
  createdAt: Date;
  deactivatedAt: Date | null;
}

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export class OrganisationRepository {
  constructor(private readonly db: Db) {}

  /** 员工: newest first, filtered by name or phone, site, status and role; one page of rows with their positions. */
  async staffList(input: AdminStaffListBody): Promise<AdminStaffPage> {
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
    const conditions: SQL[] = [eq(staff.status, input.staffStatus ?? 'active')];
    const keyword = input.keyword?.trim();
    if (keyword) {
      const pattern = likePattern(keyword);
      const matched = or(ilike(staff.username, pattern), ilike(staff.phone, pattern));
      if (matched) conditions.push(matched);
    }
    const positionWhere = (extra: SQL[]) =>
      exists(
        this.db
          .select({ one: sql`1` })
          .from(positions)
          .where(and(eq(positions.staffId, staff.id), ...extra)),
      );
    if (input.siteId !== undefined) conditions.push(positionWhere([eq(positions.siteId, input.siteId)]));
    const atSite = input.siteId !== undefined ? [eq(positions.siteId, input.siteId)] : [];
    if (input.staffRole === 'leader') conditions.push(positionWhere([...atSite, eq(positions.isLeader, true)]));
    if (input.staffRole === 'salesperson') conditions.push(positionWhere([...atSite, eq(positions.isLeader, false)]));
    if (input.staffRole === 'admin') conditions.push(eq(staff.isAdmin, true));
    const where = and(...conditions);

    const [people, [total]] = await Promise.all([
      this.db.select(STAFF_COLUMNS).from(staff).where(where).orderBy(desc(staff.createdAt), desc(staff.id)).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(staff).where(where),
    ]);
    const list = await this.withPositions(people);
    return { list, total: total?.n ?? 0, page, pageSize };
  }

  /** One person as a row of 员工 (whatever their status); undefined when there is no such id. */
  async staffRow(id: number): Promise<AdminStaffRow | undefined> {
    const people = await this.db.select(STAFF_COLUMNS).from(staff).where(eq(staff.id, id));
    const [row] = await this.withPositions(people);
    return row;
  }

  private async withPositions(people: StaffColumns[]): Promise<AdminStaffRow[]> {
    const ids = people.map((person) => person.id);
    const held =
      ids.length === 0
        ? []
        : await this.db
            .select({ staffId: positions.staffId, siteId: positions.siteId, siteName: sites.name, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
            .from(positions)
            .innerJoin(sites, eq(sites.id, positions.siteId))
            .where(inArray(positions.staffId, ids))
            .orderBy(asc(positions.id));
    return people.map((person) => ({
      ...person,
      status: person.status as StaffStatus,
      createdAt: person.createdAt.toISOString(),
      deactivatedAt: person.deactivatedAt?.toISOString() ?? null,
      positions: held.filter((row) => row.staffId === person.id).map(({ siteId, siteName, isLeader, drawAuth }) => ({ siteId, siteName, isLeader, drawAuth })),
    }));
  }
}
