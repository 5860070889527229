/**
 * Demo follow-ups over the 25-month history: each owner follows up their customers while they own
 * them (an A customer about every six weeks, a B one every 80 days, a C one every four months), so the figure grows
 * with the customer base and a year ago is a real base for 同比. The last follow-up of a customer
 * often names a next contact; some of the recent ones are due today.
 */
import { addDays, type CustomerLevel, type FollowUpType, startOfChinaDay } from '@sales/contract';
import { SeededRandom } from '../lib/random.js';
import { FOLLOW_UP_NOTES, FOLLOW_UP_TYPE_WEIGHTS } from './seed-catalog.js';
import type { CustomerPlan, SalesSeedOptions } from './seed-customers.js';
import { DAY_MS, historyStart, HOUR_MS, randomTime, weightedPick } from './seed-history.js';

const SEED = 20251103;
/** Follow-ups per customer and month of ownership. */
const MONTHLY_RATE: Record<CustomerLevel, number> = { A: 0.75, B: 0.375, C: 0.25 };
/** A last follow-up this recent may be due today. */
const RECENT_DAYS = 45;

export interface FollowUpPlan {
  customer: number;
  siteId: number;
  staffId: number;
  type: FollowUpType;
  content: string;
  nextContactAt: Date | null;
  createdAt: Date;
}

/** The demo follow-ups, generated lazily (a large scale has millions). */
/** How many days back a demo follow-up's missed 下次联系 stays open. */
const OVERDUE_KEPT_DAYS = 7;

export function* planFollowUps(customerPlans: readonly CustomerPlan[], options: SalesSeedOptions): Generator<FollowUpPlan> {
  const random = new SeededRandom(SEED);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const start = historyStart(now).getTime();
  const today = startOfChinaDay(now);
  for (const [index, customer] of customerPlans.entries()) {
    for (const binding of customer.bindings) {
      const from = Math.max(binding.boundAt.getTime(), start);
      const to = Math.min(binding.unboundAt?.getTime() ?? nowMs, nowMs - HOUR_MS);
      if (to <= from) continue;
      const expected = (MONTHLY_RATE[customer.level] * (to - from)) / (30 * DAY_MS);
      const count = Math.floor(expected + random.next());
      const times = Array.from({ length: count }, () => randomTime(random, from, to)).sort((a, b) => a.getTime() - b.getTime());
      const current = binding.unboundAt === null;
      for (const [position, createdAt] of times.entries()) {
        const type = weightedPick(random, FOLLOW_UP_TYPE_WEIGHTS);
        let nextContactAt: Date | null = null;
        if (current && position === times.length - 1 && random.chance(0.6)) {
          const recent = nowMs - createdAt.getTime() < RECENT_DAYS * DAY_MS;
          nextContactAt =
            recent && random.chance(0.2)
              ? new Date(today.getTime() + random.int(9, 18) * HOUR_MS)
              : new Date(startOfChinaDay(addDays(createdAt, random.int(1, 14))).getTime() + random.pick([10, 14, 16]) * HOUR_MS);
          // A salesperson's pipeline is worked: a call-back missed by more than a week was let go
          // (the demo's 今日待办 shows a few days of 逾期, not months of them). Decided after the
          // draws, so every other follow-up stays as it was.
          if (nextContactAt.getTime() < today.getTime() - OVERDUE_KEPT_DAYS * DAY_MS) nextContactAt = null;
        }
        yield { customer: index, siteId: customer.siteId, staffId: binding.staffId, type, content: random.pick(FOLLOW_UP_NOTES[type]), nextContactAt, createdAt };
      }
    }
  }
}
