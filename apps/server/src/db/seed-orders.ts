/**
 * Demo orders over the 25-month history: each order's moment comes from the business calendar
 * (growth, seasons, weekdays), then a customer that existed a day before it (A customers order
 * five times as often as C), credited to whoever owned the customer then.
 */
import { type CustomerLevel, type OrderStatus, chinaDayKey, startOfChinaDay } from '@sales/contract';
import { SeededRandom } from '../lib/random.js';
import { ORDER_REMARKS, PRODUCTS, type Product } from './seed-catalog.js';
import { ownerAt, type CustomerPlan, type SalesSeedOptions } from './seed-customers.js';
import { BusinessCalendar, DAY_MS, firstAbove, historyStart, HOUR_MS, MINUTE_MS, weightedPick } from './seed-history.js';

const SEED = 20251102;

export const ORDERS_AT_SCALE_1 = 20000;

/** Refunds are handled by customer service from 10:00 to 20:00, China time. */
const SERVICE_OPENS_HOUR = 10;
const SERVICE_HOURS = 10;

/**
 * A refund moment moved into customer service's hours of its China day (an hour outside them is
 * folded in, minutes kept; the next day when that falls before `earliest`). Without it a demo
 * opened in the morning showed 今日 with more refunds than sales (−2 单).
 */
function inServiceHours(ms: number, earliest: number): number {
  const day = startOfChinaDay(new Date(ms)).getTime();
  const offset = ms - day;
  const hour = Math.floor(offset / HOUR_MS);
  const within = (hour - SERVICE_OPENS_HOUR + 24) % 24;
  const moved = day + (SERVICE_OPENS_HOUR + (within % SERVICE_HOURS)) * HOUR_MS + (offset % HOUR_MS);
  return moved >= earliest ? moved : moved + DAY_MS;
}

export interface OrderPlan {
  orderNo: string;
  siteId: number;
  /** Index into the customer plans. */
  customer: number;
  staffId: number | null;
  amountFen: number;
  status: OrderStatus;
  remark: string;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  items: { name: string; quantity: number; unitPriceFen: number }[];
}

const LEVEL_ORDER_WEIGHT: Record<CustomerLevel, number> = { A: 5, B: 2.5, C: 1 };

/** Picks a customer that existed a day before a moment, by the order weight of its level. */
class CustomerPicker {
  private readonly order: number[];
  private readonly created: number[];
  private readonly cumulative: number[] = [];

  constructor(private readonly plans: readonly CustomerPlan[]) {
    this.order = plans.map((_, index) => index).sort((a, b) => (plans[a]?.createdAt.getTime() ?? 0) - (plans[b]?.createdAt.getTime() ?? 0));
    this.created = this.order.map((index) => plans[index]?.createdAt.getTime() ?? 0);
    let sum = 0;
    for (const index of this.order) {
      sum += LEVEL_ORDER_WEIGHT[plans[index]?.level ?? 'C'];
      this.cumulative.push(sum);
    }
  }

  /** The index of a customer created before `before`, or of the oldest when none was. */
  pick(random: SeededRandom, before: number): number {
    const alive = firstAbove(this.created, before);
    const roll = random.next() * (this.cumulative[Math.max(0, alive - 1)] ?? 0);
    const position = alive === 0 ? 0 : Math.min(alive - 1, firstAbove(this.cumulative, roll));
    const index = this.order[position];
    if (index === undefined) throw new Error('no customer to order');
    return index;
  }
}

/** The demo orders, generated lazily so a large scale never holds them all in memory. */
export function* planOrders(customerPlans: readonly CustomerPlan[], options: SalesSeedOptions): Generator<OrderPlan> {
  const random = new SeededRandom(SEED);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const today = startOfChinaDay(now).getTime();
  const calendar = new BusinessCalendar(historyStart(now), now);
  const picker = new CustomerPicker(customerPlans);
  const total = Math.max(1, Math.round(ORDERS_AT_SCALE_1 * options.scale));
  const digits = Math.max(6, String(total).length);

  // The last orders of the run are the ones just placed and not yet paid (a tenth of a percent,
  // at least two): every scale, even the tests' tiny one, shows 待付款 whatever the time of day.
  const unpaidFrom = total - Math.max(2, Math.round(total * 0.001));
  for (let seq = 1; seq <= total; seq += 1) {
    const justPlaced = seq > unpaidFrom;
    let createdMs = calendar.pick(random).getTime();
    if (justPlaced) createdMs = nowMs - random.int(10, 36 * 60) * MINUTE_MS;
    const index = picker.pick(random, createdMs - DAY_MS);
    const customer = customerPlans[index];
    if (!customer) throw new Error('no customer to order');
    // Only with a handful of customers (tiny scales): the oldest one orders once it exists.
    const customerCreated = customer.createdAt.getTime();
    if (createdMs <= customerCreated) createdMs = Math.min(nowMs - MINUTE_MS, customerCreated + random.int(1, 48) * HOUR_MS);
    if (createdMs <= customerCreated) createdMs = customerCreated + Math.floor((nowMs - customerCreated) / 2);
    const createdAt = new Date(createdMs);
    const ageDays = Math.round((today - startOfChinaDay(createdAt).getTime()) / DAY_MS);

    const itemCount = weightedPick(random, [
      [1, 40],
      [2, 30],
      [3, 20],
      [4, 10],
    ]);
    const chosen = new Set<Product>();
    while (chosen.size < itemCount) chosen.add(random.pick(PRODUCTS));
    const bulk = customer.level === 'A' ? 3 : customer.level === 'B' ? 2 : 1;
    const items = [...chosen].map((product) => ({
      name: product.name,
      quantity: random.int(1, Math.max(1, Math.round((product.maxQuantity * bulk) / 3))),
      unitPriceFen: random.chance(0.2) ? Math.round((product.priceFen * 0.95) / 10) * 10 : product.priceFen,
    }));
    const amountFen = items.reduce((sum, item) => sum + item.quantity * item.unitPriceFen, 0);

    const times = { paidAt: null as Date | null, shippedAt: null as Date | null, completedAt: null as Date | null, cancelledAt: null as Date | null, refundedAt: null as Date | null };
    let status: OrderStatus = 'pending';
    const fate = random.next();
    const at = (ms: number) => (ms <= nowMs ? new Date(ms) : null);
    if (justPlaced) {
      // 待付款: placed within the last day and a half.
    } else if (fate < 0.06) {
      times.cancelledAt = at(createdMs + random.int(5, 36 * 60) * MINUTE_MS);
      if (times.cancelledAt) status = 'cancelled';
    } else if (!(ageDays <= 2 && random.chance(0.3))) {
      times.paidAt = at(createdMs + random.int(1, 120) * MINUTE_MS);
      if (times.paidAt) {
        status = 'paid';
        times.shippedAt = at(times.paidAt.getTime() + random.int(2, 48) * HOUR_MS);
        if (times.shippedAt) {
          status = 'shipped';
          times.completedAt = at(times.shippedAt.getTime() + random.int(24, 7 * 24) * HOUR_MS);
          if (times.completedAt) status = 'completed';
        }
        if (fate < 0.09) {
          const refundedAt = at(inServiceHours(times.paidAt.getTime() + random.int(6, 10 * 24) * HOUR_MS, times.paidAt.getTime() + 6 * HOUR_MS));
          if (refundedAt) {
            status = 'refunded';
            times.refundedAt = refundedAt;
            if (times.shippedAt && times.shippedAt > refundedAt) times.shippedAt = null;
            if (times.completedAt && times.completedAt > refundedAt) times.completedAt = null;
          }
        }
      }
    }

    yield {
      orderNo: `SO${chinaDayKey(createdAt)}${String(seq).padStart(digits, '0')}`,
      siteId: customer.siteId,
      customer: index,
      staffId: ownerAt(customer.bindings, createdAt),
      amountFen,
      status,
      remark: random.chance(0.15) ? random.pick(ORDER_REMARKS) : '',
      createdAt,
      ...times,
      items,
    };
  }
}
