/**
 * The one statement home and 部门销售业绩 read a site's figures with (issue 29: each page is one
 * round trip, its time was per-statement overhead). The statement finds the site and every site
 * below it itself (site-links' siteTreeCte, as siteAndDescendants finds them) and reads at those
 * sites, as json sub-selects of one SELECT: the members, the figures by person, each site's
 * standards of some months (and, in a tree, each site's own members, what treeStandardsOf reads),
 * the sums of several ranges, the days of a trend and, when asked, the first recorded day. Each
 * part is built from the pieces the separate reads use (memberRowsSql, figureWhere, FIGURE_SUMS,
 * figureRows, rangeSumsJson, atSites), so the figures are theirs; a page adds its own columns (home's 今日待办).
 */
import type { DayRange } from '@sales/contract';
import { is, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/seed-bulk.js';
import { performanceDaily, performanceStandards } from '../../../db/schema.js';
import {
  atSites,
  FIGURE_SUMS,
  figuresOf,
  figureRows,
  figureWhere,
  rangeSumsJson,
  rangeTotalsFrom,
  standardsFrom,
  SUM_COLUMNS,
  type FigureTotals,
  type JsonFigures,
  type SiteSet,
} from '../../../db/performance-figures.js';
import { SITE_TREE, SITE_TREE_IDS, siteTreeCte } from '../../../db/site-links.js';
import { memberRowsSql, type SiteMember } from '../members/site-members.js';
import { asText, named, rendered, StatementMemo } from '../../../db/sql-text.js';
import type { TreeStandards } from './performance-rows.js';

/** Rows of a sub-select as one json array (empty: []), in `order`. */
export const jsonRows = (rows: SQL, order: SQL = sql`true`): SQL => sql`(select coalesce(json_agg(t order by ${order}), '[]'::json) from (${rows}) t)`;

/** The period's figures of each person credited at the sites (figuresByStaff), as json rows, summed from figureRows. */
export function figuresByStaffJson(sites: SiteSet, period: DayRange): SQL {
  return jsonRows(sql`select staff_id as "staffId", ${FIGURE_SUMS} from (${figureRows({ siteId: sites, ...period })}) r group by staff_id`);
}

/** The standards of `months` at each of the sites, as json rows. */
export function standardsJson(sites: SiteSet, months: readonly string[]): SQL {
  const ps = performanceStandards;
  return jsonRows(
    sql`${STANDARDS} where ${atSites(ps.siteId, sites)} and ${named(ps.month)} in (${sql.join(
      months.map((month) => sql`${month}`),
      sql`, `,
    )})`,
  );
}

const STANDARDS = asText(
  sql`select ${performanceStandards.siteId} as "siteId", ${performanceStandards.month} as month, ${performanceStandards.staffId} as "staffId",
    ${performanceStandards.targetAmountFen} as "targetAmountFen", ${performanceStandards.targetOrders} as "targetOrders",
    ${performanceStandards.targetNewCustomers} as "targetNewCustomers" from ${performanceStandards}`,
);

/**
 * The figures of each day of `trend` with any (dailyFigures), as one json object of arrays (DayColumns):
 * a year's 333 days as json objects took PostgreSQL longer to write than to sum. Each site's rows
 * are read through its own key (a lateral read per site): the statement's list of sites is a value
 * the planner cannot see, and for a year it otherwise read the whole table.
 */
export function daysJson(who: { siteId: SiteSet; staffId: number | null }, trend: DayRange): SQL {
  const staff = who.staffId === null ? sql`` : sql` and staff_id = ${who.staffId}`;
  const rows = (site: SQL) => sql`select ${DAY_COLUMNS} from ${named(performanceDaily)} where site_id = ${site} and day >= ${trend.startDate} and day <= ${trend.endDate}${staff}`;
  const from = is(who.siteId, SQL)
    ? sql`unnest(${who.siteId}) s(id) cross join lateral (${rows(sql`s.id`)} offset 0) r`
    : sql`(select ${DAY_COLUMNS} from ${named(performanceDaily)} where ${figureWhere({ ...who, ...trend })}) r`;
  // Unsorted: one aggregation advances all five arrays row by row, so they stay aligned, and
  // daysFrom reads them into a map by day. With `order by day` in each, PostgreSQL 15 sorted a
  // year's days five times (~10 % of 本年's statement).
  return sql`(select json_build_object('day', coalesce(array_agg(day), '{}'), 'orderCount', array_agg("orderCount"),
    'orderAmountFen', array_agg("orderAmountFen"), 'newCustomers', array_agg("newCustomers"), 'followUps', array_agg("followUps"))
    from (select day, ${FIGURE_SUMS} from ${from} group by day) t)`;
}

const DAY_COLUMNS = sql`day, ${SUM_COLUMNS}`;

/** daysJson's arrays: the days with figures (in no particular order), and each figure of those days in the same order. */
export type DayColumns = { day: string[] } & Record<keyof FigureTotals, (number | string)[] | null>;

/** daysJson's arrays as dailyFigures' map. */
export function daysFrom(columns: DayColumns): Map<string, FigureTotals> {
  return new Map(
    columns.day.map((day, index) => [
      day,
      figuresOf({
        orderCount: columns.orderCount?.[index] ?? 0,
        orderAmountFen: columns.orderAmountFen?.[index] ?? 0,
        newCustomers: columns.newCustomers?.[index] ?? 0,
        followUps: columns.followUps?.[index] ?? 0,
      }),
    ]),
  );
}

export type JsonMember = { id: number; username: string; avatar: string | null; phone: string; joinedAt: string; isLeader: boolean };

/** The columns treeStatement reads. */
/** The figure columns a site statement answers as json (home's and treeStatement's). */
export interface SiteFigureColumns {
  members: JsonMember[];
  /** In a tree, each site's own members of the period (treeStandardsOf's; null: a single site). */
  siteMembers: (JsonMember & { siteId: number })[] | null;
  byStaff: (JsonFigures & { staffId: number })[];
  /** The standards of the months asked for, at each site read. */
  standards: { siteId: number; month: string; staffId: number | null; targetAmountFen: number | string; targetOrders: number; targetNewCustomers: number }[];
  /** rangeSumsJson's array. */
  ranges: JsonFigures[] | null;
  days: DayColumns;
}

interface TreeRow extends SiteFigureColumns {
  /** The site and every site below it. */
  sites: number[];
  first: string | null;
}

/** What treeStatement reads: at `siteId` and every site below it. */
export interface TreeQuery<R extends readonly DayRange[]> {
  siteId: number;
  /** Whose ranges and days are read (null: everyone credited at the sites, and nobody). */
  staffId: number | null;
  /** The period the members count for (from its first day, countsForPeriod) and the figures by person cover. */
  period: DayRange;
  ranges: R;
  trend: DayRange;
  /** The months whose standards are read, at each site. */
  standardMonths: readonly string[];
  /** Whether to read the first day anything was recorded at the sites (firstRecordedDay). */
  firstDay: boolean;
}

/** What the statement answers, read as the separate reads answer it. */
export interface TreeFigures<R extends readonly DayRange[]> {
  /** The site first, then every site below it in id order (siteAndDescendants). */
  sites: number[];
  /** The members of the period at the sites (siteMembers). */
  people: SiteMember[];
  /** The period's figures of each person credited at the sites (figuresByStaff). */
  byStaff: Map<number, FigureTotals>;
  /** Each site's standards and, in a tree, its members (treeStandardsOf). */
  tree: TreeStandards;
  /** Each range's totals (figuresForRanges). */
  ranges: { [K in keyof R]: FigureTotals };
  /** The trend's days with figures (dailyFigures). */
  days: Map<string, FigureTotals>;
  /** firstRecordedDay, when asked (else null). */
  first: string | null;
}

export const memberOf = (member: JsonMember): SiteMember => ({ ...member, joinedAt: new Date(member.joinedAt), isLeader: Boolean(member.isLeader) });

/**
 * Reads a site's TreeFigures in one statement, with the page's own `extra` columns (each an SQL
 * value, answered under its name in the returned row). The statement is kept by the query and
 * `extraKey` (StatementMemo), which must hold everything `extra` is built from; with extra columns
 * and no key it is built for this call alone.
 */
export async function readTree<const R extends readonly DayRange[], E extends Record<string, unknown> = Record<never, never>>(
  db: Db,
  q: TreeQuery<R>,
  extra: { [K in keyof E]: SQL } = {} as { [K in keyof E]: SQL },
  extraKey: string | null = null,
): Promise<{ figures: TreeFigures<R>; row: E }> {
  // Extra columns without a key are built for this call alone.
  const kept = extraKey !== null || Object.keys(extra).length === 0;
  const statement = kept ? treeStatements.get(JSON.stringify([q, extraKey]), () => treeStatement(q, extra)) : treeStatement(q, extra);
  const result = await db.execute(statement);
  const [row] = rowsOf<TreeRow & E>(result);
  if (!row) throw new Error('the site statement answered no row');
  const below = row.sites.filter((id) => id !== q.siteId);
  const siteIds = [q.siteId, ...below];
  const siteMemberRows = row.siteMembers ?? [];
  const tree: TreeStandards =
    below.length === 0
      ? { sites: [{ siteId: q.siteId, people: null, standards: standardsFrom(row.standards) }] }
      : {
          sites: siteIds.map((siteId) => ({
            siteId,
            people: siteMemberRows.filter((member) => member.siteId === siteId).map(memberOf),
            standards: standardsFrom(row.standards.filter((standard) => standard.siteId === siteId)),
          })),
        };
  return {
    figures: {
      sites: siteIds,
      people: row.members.map(memberOf),
      byStaff: new Map(row.byStaff.map((entry) => [entry.staffId, figuresOf(entry)])),
      tree,
      ranges: rangeTotalsFrom(row.ranges ?? undefined, q.ranges),
      days: daysFrom(row.days),
      first: row.first,
    },
    row,
  };
}

/** readTree's statements, by query and extraKey. */
const treeStatements = new StatementMemo();

/** The one statement readTree sends, rendered (sql-text's rendered). */
function treeStatement(q: TreeQuery<readonly DayRange[]>, extra: Record<string, SQL>): SQL {
  const d = performanceDaily;
  const sites = SITE_TREE_IDS;
  const start = q.period.startDate;
  // The members (siteMembers: the period's, leaders merged, by id).
  const members = jsonRows(memberRowsSql(sites, start), sql`t.id`);
  // In a tree, each site measures its own members against its own standards (treeStandardsOf).
  const inTree = sql`exists (select 1 from ${SITE_TREE} where id <> ${q.siteId})`;
  const siteMembers = sql`case when ${inTree} then ${jsonRows(memberRowsSql(sites, start, true), sql`t."siteId", t.id`)} end`;
  const byStaff = figuresByStaffJson(sites, q.period);
  const standards = standardsJson(sites, q.standardMonths);
  const who = { siteId: sites, staffId: q.staffId };
  const ranges = rangeSumsJson(who, q.ranges);
  const days = daysJson(who, q.trend);
  // firstRecordedDay: each site's first day from the primary key's order (site, day), the earliest of them.
  const personal = q.staffId === null ? sql`` : sql` and ${d.staffId} = ${q.staffId}`;
  const first = q.firstDay
    ? sql`(select to_char(min(f.day), 'YYYY-MM-DD') from ${SITE_TREE} cross join lateral (select min(${d.day}) as day from ${d} where ${d.siteId} = ${SITE_TREE}.id${personal}) f)`
    : sql`null::text`;
  const own = Object.entries<SQL>(extra).map(([name, value]) => sql`, ${value} as ${sql.identifier(name)}`);
  return rendered(sql`with recursive ${siteTreeCte(q.siteId)}
    select (select json_agg(id order by id) from ${SITE_TREE}) as sites, ${members} as members, ${siteMembers} as "siteMembers", ${byStaff} as "byStaff",
      ${standards} as standards, ${ranges} as ranges, ${days} as days, ${first} as first${sql.join(own)}`);
}
