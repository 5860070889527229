/**
 * The members of a site as the caller may see them: staff/list, staff/detail, member/list and
 * member/detail. One member query (site-members.ts), one customer count, and one place where the
 * colleague view (sales-authorization.ts) decides the phone and the figures of each row.
 */
import { maskPhone, type MemberDetail, type MemberList, type MemberSummary, type PerformancePeriodInput, type StaffList, type StaffSummary } from '@sales/contract';
import { and, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { staff } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { figuresByStaff, ZERO_FIGURES, ZERO_TARGETS } from '../../../db/performance-figures.js';
import { comparison, targetsOver } from '../performance/performance-rows.js';
import { memberRef, monthOf, periodOf, rangesOf } from '../performance/performance-views.js';
import { colleagueView, phoneSearchableStaff, STAFF_NOT_FOUND, type SalesScope } from '../sales/sales-authorization.js';
import { containsPattern, keywordOf } from '../sales/sales-queries.js';
import { customerCounts, siteMembers, type SiteMember } from './site-members.js';

/** A staff row is a member row with this month's sales flattened. */
const toStaffSummary = ({ full: _full, month, ...member }: MemberSummary): StaffSummary => ({
  ...member,
  monthAmount: month ? month.figures.orderAmount : null,
  monthOrders: month ? month.figures.orderCount : null,
});

export class MembersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Members matching a keyword (name, or a phone number where the caller sees it whole — a
   * salesperson's phone keyword matches nobody but themself, or it would confirm a colleague's
   * number).
   */
  private async people(scope: SalesScope, keyword: string | undefined): Promise<SiteMember[]> {
    const text = keywordOf(keyword);
    const pattern = text ? containsPattern(text) : undefined;
    const match = pattern ? or(ilike(staff.username, pattern), and(ilike(staff.phone, pattern), phoneSearchableStaff(scope))) : undefined;
    return siteMembers(this.db, scope.siteId, undefined, match);
  }

  /**
   * Each member as the caller may see them, with customer count and this month's figures where
   * allowed; the month's targets (for completion) only when asked, since the staff calls drop them.
   */
  private async summaries(scope: SalesScope, people: readonly SiteMember[], withTargets = true): Promise<MemberSummary[]> {
    const month = periodOf({ period: 'month' });
    const views = new Map(people.map((person) => [person.id, colleagueView(scope, person.id)]));
    const visible = people.filter((person) => views.get(person.id)?.figures);
    const ids = visible.map((person) => person.id);
    const [counts, byStaff, targets] = await Promise.all([
      customerCounts(this.db, scope.siteId, ids),
      figuresByStaff(this.db, { siteId: scope.siteId, ...month.range, staffIds: ids }),
      withTargets ? targetsOver(this.db, scope.siteId, month.targetRange, visible) : undefined,
    ]);
    return people.map((person) => {
      const view = views.get(person.id) ?? colleagueView(scope, person.id);
      return {
        ...memberRef(person),
        phone: view.fullPhone ? person.phone : maskPhone(person.phone),
        full: view.fullPhone,
        customerCount: view.figures ? (counts.get(person.id) ?? 0) : null,
        month: view.figures ? monthOf(byStaff.get(person.id) ?? ZERO_FIGURES, targets?.byPerson.get(person.id) ?? ZERO_TARGETS) : null,
      };
    });
  }

  /** The member the caller may open (their detail page); 404 otherwise. */
  private async openable(scope: SalesScope, id: number, periodStart?: string): Promise<SiteMember> {
    if (!colleagueView(scope, id).detail) throw notFound(STAFF_NOT_FOUND);
    const [member] = await siteMembers(this.db, scope.siteId, [id], undefined, periodStart);
    if (!member) throw notFound(STAFF_NOT_FOUND);
    return member;
  }

  /** member/list: the members of the site by id. */
  async memberList(scope: SalesScope, keyword: string | undefined): Promise<MemberList> {
    const list = await this.summaries(scope, await this.people(scope, keyword));
    return { list, total: list.length };
  }

  /** member/detail without its recent orders and reports, which the orders and reports repositories add. */
  async memberDetail(scope: SalesScope, id: number, input: PerformancePeriodInput): Promise<Omit<MemberDetail, 'recentOrders' | 'recentReports'>> {
    const period = periodOf(input);
    const member = await this.openable(scope, id, period.range.startDate);
    const [[summary], periodTargets] = await Promise.all([
      this.summaries(scope, [member]),
      targetsOver(this.db, scope.siteId, period.targetRange, [member]),
    ]);
    if (!summary) throw notFound(STAFF_NOT_FOUND);
    const figures = await comparison(this.db, scope.siteId, id, period, periodTargets.byPerson.get(id) ?? ZERO_TARGETS);
    return { ...summary, siteName: scope.siteName, joinedAt: member.joinedAt.toISOString(), ranges: rangesOf(period), figures };
  }

  /** staff/list: the members of the site, best month first. */
  async staffList(scope: SalesScope, keyword: string | undefined): Promise<StaffList> {
    const members = await this.summaries(scope, await this.people(scope, keyword), false);
    const list = members.map(toStaffSummary).sort((a, b) => (b.monthAmount ?? -1) - (a.monthAmount ?? -1) || a.id - b.id);
    return { list, total: list.length };
  }

  /** staff/detail: one member; a salesperson may only look at themselves. */
  async staffDetail(scope: SalesScope, id: number): Promise<StaffSummary> {
    const [summary] = await this.summaries(scope, [await this.openable(scope, id)], false);
    if (!summary) throw notFound(STAFF_NOT_FOUND);
    return toStaffSummary(summary);
  }
}
