import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { FIGURE_SUMS, figureRows, figureWhere } from '../../src/db/performance-figures.js';
import { performanceDaily } from '../../src/db/schema.js';
import { asText, named } from '../../src/db/sql-text.js';

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
