/** The performance queries the pages share: targets over a range, a figure comparison, a daily trend, a site's counted rows. */
import { eachDay, monthsInRange, type DayRange, type FigureComparison, type ResolvedPeriod, type TrendPoint } from '@sales/contract';
import type { Db } from '../../../db/client.js';
import {
  dailyFigures,
  figuresByStaff,
  figuresFor,
  firstRecordedDay,
  pickTarget,
  spreadTarget,
  standardsOf,
  standardsOfSites,
  ZERO_FIGURES,
  ZERO_TARGETS,
  type FigureTotals,
  type SiteSet,
  type TargetTotals,
} from '../../../db/performance-figures.js';
import { siteAndDescendants } from '../../../db/site-links.js';
import { addFigures, addTargets, completionOf, toFigures, toTargets, type FigureRow } from './performance-views.js';
import type { SalesScope } from '../sales/sales-authorization.js';
import { siteMembers, type SiteMember } from '../members/site-members.js';

type Standards = Awaited<ReturnType<typeof standardsOf>>;

/** Targets over a range for several people of a site, and the site's (the sum over its salespeople). */
export async function targetsOver(db: Db, siteId: number, range: DayRange, people: readonly Pick<SiteMember, 'id' | 'isLeader'>[]) {
  return targetsFrom(await standardsOf(db, siteId, monthsOf(range)), range, people);
}

/** The months a set of ranges touches, each once: what standardsOf reads for them. */
export function monthsOf(...ranges: DayRange[]): string[] {
  return [...new Set(ranges.flatMap((range) => monthsInRange(range).map((entry) => entry.month)))];
}

/** targetsOver from standards already read (they must hold the range's months). */
export function targetsFrom(standards: Standards, range: DayRange, people: readonly Pick<SiteMember, 'id' | 'isLeader'>[]) {
  const byPerson = new Map<number, TargetTotals>();
  let site = { ...ZERO_TARGETS };
  for (const person of people) {
    // Leaders are not measured against the sales standard (pickTarget's rule).
    const target = spreadTarget(range, (month) => pickTarget(standards, month, person.id, person.isLeader));
    byPerson.set(person.id, target);
    site = addTargets(site, target);
  }
  return { byPerson, site };
}

/**
 * What a site's targets are read from (issue 26 §3): each site of the set — a site and every site
 * below it — with its own standards and, in a tree, its own members (null: a single site, measuring
 * the people its caller read). Read with treeStandardsOf, summed with treeTargetsFrom.
 */
export interface TreeStandards {
  sites: readonly { siteId: number; people: readonly Pick<SiteMember, 'id' | 'isLeader'>[] | null; standards: Standards }[];
}

/**
 * The standards of `months` for every site of `sites`; in a tree, with each site's members
 * (narrowed to `ids` when given). A single site reads its standards alone, as it always did.
 */
export async function treeStandardsOf(db: Db, sites: readonly number[], months: readonly string[], periodStart: string, ids?: readonly number[]): Promise<TreeStandards> {
  const [only] = sites;
  if (sites.length === 1 && only !== undefined) return { sites: [{ siteId: only, people: null, standards: await standardsOf(db, only, months) }] };
  // A tree: every site's standards in one query, and each site's own members.
  const [standards, people] = await Promise.all([standardsOfSites(db, sites, months), Promise.all(sites.map((siteId) => siteMembers(db, siteId, ids, undefined, periodStart)))]);
  return { sites: sites.map((siteId, index) => ({ siteId, people: people[index] ?? [], standards: standards.get(siteId) ?? new Map() })) };
}

/**
 * (treeStandardsOf reads each site's members of the period starting on `periodStart`, as the
 * figures do: someone who left since still counts for the periods they were in.)
 *
 * Targets over a range at a site and every site below it: each site measures its own members
 * against its own standards (targetsFrom; a single site, `people`), a person's target is the sum of
 * theirs at each site, and the site's the sum over all. A parent's target is therefore its own
 * salespeople's plus its children's — with none of its own, the sum of its children's — and adds
 * up like its figures.
 */
export function treeTargetsFrom(tree: TreeStandards, range: DayRange, people: readonly Pick<SiteMember, 'id' | 'isLeader'>[]) {
  const byPerson = new Map<number, TargetTotals>();
  let site = { ...ZERO_TARGETS };
  for (const entry of tree.sites) {
    const targets = targetsFrom(entry.standards, range, entry.people ?? people);
    for (const [id, target] of targets.byPerson) byPerson.set(id, addTargets(byPerson.get(id) ?? ZERO_TARGETS, target));
    site = addTargets(site, targets.site);
  }
  return { byPerson, site };
}

/** A person's (or, staffId null, the site's) figures over a period against the ranges before and a year earlier. */
export async function comparison(db: Db, siteId: SiteSet, staffId: number | null, period: ResolvedPeriod, target: TargetTotals): Promise<FigureComparison> {
  const who = { siteId, staffId };
  const [current, previous, first] = await Promise.all([
    figuresFor(db, { ...who, ...period.range }),
    figuresFor(db, { ...who, ...period.previous }),
    firstRecordedDay(db, who),
  ]);
  // 同比 only when something was recorded by the end of the year-earlier range.
  const yearAgo = first !== null && first <= period.yearAgo.endDate ? await figuresFor(db, { ...who, ...period.yearAgo }) : null;
  return comparisonFrom(period, { current, previous, yearAgo, first }, target);
}

/**
 * The comparison from figures already read: 同比 only when something was recorded by the end of
 * the year-earlier range (its figures are then shown, else null).
 */
export function comparisonFrom(
  period: ResolvedPeriod,
  read: { current: FigureTotals; previous: FigureTotals; yearAgo: FigureTotals | null; first: string | null },
  target: TargetTotals,
): FigureComparison {
  const { current, previous, yearAgo, first } = read;
  const shown = first !== null && first <= period.yearAgo.endDate && yearAgo ? toFigures(yearAgo) : null;
  return { current: toFigures(current), previous: toFigures(previous), yearAgo: shown, target: toTargets(target), completion: completionOf(current, target) };
}

export async function trend(db: Db, siteId: SiteSet, staffId: number | null, range: DayRange): Promise<TrendPoint[]> {
  return trendFrom(range, await dailyFigures(db, { siteId, staffId, ...range }));
}

/** A trend from its days' figures already read (dailyFigures; a day absent is a day of zeros). */
export function trendFrom(range: DayRange, days: ReadonlyMap<string, FigureTotals>): TrendPoint[] {
  return eachDay(range).map((date) => ({ date, ...toFigures(days.get(date) ?? ZERO_FIGURES) }));
}

/**
 * Figures of the people who count at a site in a range: salespeople, and anyone credited there —
 * the site's and every site's below it (issue 26 §3), so a parent's ranking adds up to its figure.
 */
export async function siteRows(db: Db, scope: SalesScope, range: DayRange, targetRange: DayRange) {
  const sites = await siteAndDescendants(db, scope.siteId);
  const [people, byStaff, tree] = await Promise.all([
    siteMembers(db, sites, undefined, undefined, range.startDate),
    figuresByStaff(db, { siteId: sites, ...range }),
    treeStandardsOf(db, sites, monthsOf(targetRange), range.startDate),
  ]);
  return siteRowsFrom(people, byStaff, treeTargetsFrom(tree, targetRange, people));
}

/** siteRows from the members, their figures and their targets already read. */
export function siteRowsFrom(people: readonly SiteMember[], byStaff: Map<number, FigureTotals>, targets: ReturnType<typeof targetsFrom>) {
  const counted = people.filter((person) => !person.isLeader || byStaff.has(person.id));
  // Everything the site counted that no row shows: credited to nobody (staff 0), or to someone
  // who is not a counted member (a former member, or no position here). Rows + these = the site.
  const listed = new Set(counted.map((person) => person.id));
  let unassigned = { ...ZERO_FIGURES };
  let others = { ...ZERO_FIGURES };
  let site: FigureTotals = { ...ZERO_FIGURES };
  for (const [staffId, totals] of byStaff) {
    site = addFigures(site, totals);
    if (staffId === 0) unassigned = addFigures(unassigned, totals);
    else if (!listed.has(staffId)) others = addFigures(others, totals);
  }
  return {
    siteTarget: targets.site,
    rest: { unassigned, others, site },
    rows: counted.map((person): FigureRow => {
      const totals = byStaff.get(person.id) ?? { ...ZERO_FIGURES };
      const target = targets.byPerson.get(person.id) ?? { ...ZERO_TARGETS };
      return { person, totals, target, completion: completionOf(totals, target) };
    }),
  };
}
