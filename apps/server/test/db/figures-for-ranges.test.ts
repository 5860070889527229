/**
 * Home and 部门销售业绩 read all their sums in one query (figuresForRanges): each range must get
 * exactly what figuresFor gives it alone, for the site and for one person, ranges overlapping,
 * nested, a single day, empty and outside the data included.
 */
import { shiftDay, type DayRange } from '@sales/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { figuresFor, figuresForRanges } from '../../src/db/performance-figures.js';
import { rows, useTestServer } from '../helper.js';

const server = useTestServer();
const SITE = 101;

describe('figuresForRanges', () => {
  it('gives every range what figuresFor gives it alone', async () => {
    const [bounds] = await rows<{ first: string; last: string }>(
      server.db,
      sql`select min(day)::text as first, max(day)::text as last from performance_daily where site_id = ${SITE}`,
    );
    const [person] = await rows<{ staffId: number }>(server.db, sql`select staff_id as "staffId" from performance_daily where site_id = ${SITE} and staff_id > 0 limit 1`);
    if (!bounds || !person) throw new Error('no performance data at 101');
    const start = shiftDay(bounds.first, -3);
    const span = Math.round((Date.parse(bounds.last) - Date.parse(bounds.first)) / 86_400_000) + 6;
    const range = fc.tuple(fc.nat(span), fc.integer({ min: -2, max: 500 })).map(([from, length]): DayRange => {
      const startDate = shiftDay(start, from);
      return { startDate, endDate: shiftDay(startDate, length) };
    });
    await fc.assert(
      fc.asyncProperty(fc.array(range, { minLength: 1, maxLength: 6 }), fc.boolean(), async (ranges, site) => {
        const who = { siteId: SITE, staffId: site ? null : person.staffId };
        const together = await figuresForRanges(server.db, who, ranges);
        const alone = await Promise.all(ranges.map((one) => figuresFor(server.db, { ...who, ...one })));
        expect(together).toEqual(alone);
      }),
      { numRuns: 40 },
    );
  });

  it('reads nothing for no range', async () => {
    expect(await figuresForRanges(server.db, { siteId: SITE }, [])).toEqual([]);
  });
});
