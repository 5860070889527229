/** The members of a site with their customers and this month's sales (salespersonPage, staff lists). */
import { chinaDayString, fenToYuan, maskPhone, type StaffSummary, startOfChinaMonth } from '@sales/contract';
import { and, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, positions, staff } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { figuresByStaff } from './performance-figures.js';
import { canSeeStaff, colleagueView, phoneSearchableStaff, STAFF_NOT_FOUND, type SalesScope } from './sales-authorization.js';
import { containsPattern, keywordOf } from './sales-queries.js';

export class StaffRepository {
  constructor(private readonly db: Db) {}

  /** Members matching a condition, each with customer count and month-to-date sales: three grouped queries. */
  private async members(scope: SalesScope, match: SQL | undefined, now = new Date()): Promise<StaffSummary[]> {
    const people = await this.db
      .select({
        id: staff.id,
        username: staff.username,
        phone: staff.phone,
        avatar: staff.avatar,
        isLeader: sql<boolean>`bool_or(${positions.isLeader})`,
      })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(eq(positions.siteId, scope.siteId), eq(staff.status, 'active'), match))
      .groupBy(staff.id);
    if (people.length === 0) return [];
    const ids = people.map((person) => person.id);

    const customerCounts = await this.db
      .select({ ownerId: customers.ownerId, count: count() })
      .from(customers)
      .where(and(eq(customers.siteId, scope.siteId), isNotNull(customers.ownerId), inArray(customers.ownerId, ids)))
      .groupBy(customers.ownerId);
    // This month's sales from the performance summaries, counted as on every performance page
    // (paid orders by their paid day, refunds subtracted on their refund day).
    const monthFigures = await figuresByStaff(this.db, {
      siteId: scope.siteId,
      startDate: chinaDayString(startOfChinaMonth(now)),
      endDate: chinaDayString(now),
      staffIds: ids,
    });
    const monthSales = [...monthFigures].map(([staffId, figures]) => ({ staffId, count: figures.orderCount, amountFen: figures.orderAmountFen }));

    const customersOf = new Map(customerCounts.map((row) => [row.ownerId, row.count]));
    const salesOf = new Map(monthSales.map((row) => [row.staffId, row]));
    // What a salesperson may see of a colleague is decided by colleagueView, like the member calls.
    return people
      .map((person) => {
        const view = colleagueView(scope, person.id);
        return {
          id: person.id,
          username: person.username,
          phone: view.fullPhone ? person.phone : maskPhone(person.phone),
          avatar: person.avatar,
          isLeader: Boolean(person.isLeader),
          customerCount: view.figures ? (customersOf.get(person.id) ?? 0) : null,
          monthAmount: view.figures ? fenToYuan(salesOf.get(person.id)?.amountFen ?? 0) : null,
          monthOrders: view.figures ? (salesOf.get(person.id)?.count ?? 0) : null,
        };
      })
      .sort((a, b) => (b.monthAmount ?? -1) - (a.monthAmount ?? -1) || a.id - b.id);
  }

  /** Every member of the site, best month first. */
  async list(scope: SalesScope, keyword?: string): Promise<{ list: StaffSummary[]; total: number }> {
    const text = keywordOf(keyword);
    const pattern = text ? containsPattern(text) : undefined;
    // A phone number is searchable only where the caller sees it whole (colleagueView): a
    // salesperson's phone keyword matches nobody but themselves, or it would confirm a colleague's number.
    const phoneMatch = pattern ? and(ilike(staff.phone, pattern), phoneSearchableStaff(scope)) : undefined;
    const list = await this.members(scope, pattern ? or(ilike(staff.username, pattern), phoneMatch) : undefined);
    return { list, total: list.length };
  }

  /** One member; a salesperson may only look at themselves. */
  async detail(scope: SalesScope, id: number): Promise<StaffSummary> {
    if (!canSeeStaff(scope, id)) throw notFound(STAFF_NOT_FOUND);
    const [member] = await this.members(scope, eq(staff.id, id));
    if (!member) throw notFound(STAFF_NOT_FOUND);
    return member;
  }
}
