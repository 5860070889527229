import { PGlite } from '@electric-sql/pglite';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { FIGURE_SUMS, figureRows, figureWhere, rangeSumsJson } from '../../src/db/performance-figures.js';
import { customers, followUpLatest, performanceDaily } from '../../src/db/schema.js';
import { SITE_TREE_IDS, siteTreeCte } from '../../src/db/site-links.js';
import { asText, named, rendered } from '../../src/db/sql-text.js';
import { memberRowsSql } from '../../src/plugins/app/members/site-members.js';
import { daysJson, figuresByStaffJson, jsonRows, standardsJson } from '../../src/plugins/app/performance/tree-statement.js';

const dialect = new PgDialect();
const render = (fragment: Parameters<typeof dialect.sqlToQuery>[0]) => dialect.sqlToQuery(fragment);

describe('columns and tables as text (issue 29)', () => {
  it('renders a column and a table as drizzle renders them, once', () => {
    expect(render(sql`${named(performanceDaily.day)}`).sql).toBe(render(sql`${performanceDaily.day}`).sql);
    expect(render(sql`${named(performanceDaily)}`).sql).toBe('"performance_daily"');
    expect(named(performanceDaily.day)).toBe(named(performanceDaily.day));
  });

  it('keeps the values of a statement as parameters, in order', () => {
    const query = render(sql`select ${FIGURE_SUMS} from ${named(performanceDaily)} where ${figureWhere({ siteId: 101, staffId: 7, startDate: '2026-11-01', endDate: '2026-11-30' })}`);
    expect(query.params).toEqual([101, '2026-11-01', '2026-11-30', 7]);
    expect(query.sql).toContain('"performance_daily"."site_id" = $1 and "performance_daily"."day" >= $2 and "performance_daily"."day" <= $3 and "performance_daily"."staff_id" = $4');
    // A range's rows: its whole month (October) from performance_monthly, the days around it from performance_daily.
    const rowsQuery = render(figureRows({ siteId: 101, staffId: 7, startDate: '2026-09-15', endDate: '2026-11-29' }));
    expect(rowsQuery.params).toEqual([101, '2026-10-01', '2026-10-01', 7, 101, '2026-09-15', '2026-09-30', 7, 101, '2026-11-01', '2026-11-29', 7]);
    expect(rowsQuery.sql).toContain('from "performance_monthly" where ("performance_monthly"."site_id" = $1 and "performance_monthly"."month" >= $2');
    expect(rowsQuery.sql.match(/union all/g)).toHaveLength(2);
  });

  it('refuses to freeze a fragment that holds a value', () => {
    expect(() => asText(sql`${performanceDaily.day} = ${'2026-11-29'}`)).toThrow(/holds values/);
  });
});

describe('statements rendered in one pass (issue 29)', () => {
  const drizzleQuery = (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return { sql: query.sql, params: query.params };
  };
  const ourQuery = (statement: SQL) => {
    const query = rendered(statement).toQuery({} as never);
    return { sql: query.sql, params: query.params };
  };

  it('renders the dashboards\' pieces to the text and values drizzle renders them to', () => {
    const year = { startDate: '2026-01-01', endDate: '2026-11-29' };
    const week = { startDate: '2026-11-23', endDate: '2026-11-29' };
    const trees = SITE_TREE_IDS;
    const statements: SQL[] = [
      sql`with recursive ${siteTreeCte(101)} select ${jsonRows(memberRowsSql(trees, year.startDate), sql`t.id`)} as members,
        ${jsonRows(memberRowsSql([101, 102], week.startDate, true))} as "siteMembers", ${figuresByStaffJson(trees, year)} as "byStaff",
        ${standardsJson(trees, ['2026-10-01', '2026-11-01'])} as standards, ${rangeSumsJson({ siteId: trees, staffId: null }, [year, week, year, { startDate: '2025-11-01', endDate: '2025-11-29' }])} as ranges,
        ${daysJson({ siteId: trees, staffId: 7 }, week)} as days, ${sql.identifier('first')}`,
      figureRows({ siteId: 101, staffId: 7, startDate: '2026-09-15', endDate: '2026-11-29' }),
      // drizzle's own conditions: a timestamp's encoder turns its Date to text, a list becomes ($1, $2).
      sql`select ${customers.id} from ${customers} where ${and(
        gte(followUpLatest.nextContactAt, new Date('2026-11-29T00:00:00+08:00')),
        lt(followUpLatest.nextContactAt, new Date('2026-11-30T00:00:00+08:00')),
        inArray(customers.siteId, [101, 102]),
        eq(customers.ownerId, 7),
      )} and ${customers.level} = ${null} and ${undefined}${sql.raw('true')} and ${true} = ${10n} limit ${20}`,
    ];
    for (const statement of statements) {
      const ours = ourQuery(statement);
      expect(ours).toEqual(drizzleQuery(statement));
      expect(ours.params.length).toBeGreaterThan(0);
    }
  });

  it('leaves a statement holding what only drizzle renders to drizzle, whole', () => {
    const withPlaceholder = sql`select 1 where ${customers.id} = ${sql.placeholder('id')}`;
    expect(rendered(withPlaceholder)).toBe(withPlaceholder);
    const inlined = sql`select ${'a'}`.inlineParams();
    expect(rendered(inlined)).toBe(inlined);
    const inner = sql`select ${5}`.inlineParams();
    const outer = sql`select * from (${inner}) t`;
    expect(rendered(outer)).toBe(outer);
  });

  it('executes as drizzle executes: the same rows', async () => {
    const db = new PGlite();
    try {
      const orm = drizzlePglite({ client: db });
      const statement = sql`select ${1}::int + ${2}::int as sum, ${'x'} || ${'y'} as text, ${new Date('2026-11-29T00:00:00Z')}::timestamptz = '2026-11-29T00:00:00Z' as same`;
      const ours = await orm.execute(rendered(statement));
      const theirs = await orm.execute(statement);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.rows).toEqual([{ sum: 3, text: 'xy', same: true }]);
    } finally {
      await db.close();
    }
  });
});
