/**
 * The 'seed:site-tree-people:v1' step (issue 26 §3): 华南大区's child 广州一部 gets people and a
 * history, so the tree shows in the figures — a leader and three salespeople, each salesperson with
 * a few customers and half a year of orders (some this month), and monthly standards. 深圳一部 stays
 * empty (a new department, nobody moved in yet: the console can archive it). 华南大区's leader
 * (朱刚) leads both and sees its figures roll 广州一部's up. Added after every earlier step, so no
 * earlier id or row changes.
 */
import { token } from './seed-customers.js';
import { recomputeCustomerFigures } from './customer-figures.js';
import { addDays, chinaCalendar, chinaDayKey, chinaDayString, chinaMidnight, startOfChinaDay } from '@sales/contract';
import { hash } from '@node-rs/argon2';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { customerBindings, customers, orderItems, orders, performanceStandards, positions, staff } from './schema.js';
import { DEMO_PASSWORD } from './seed-staff.js';
import type { SeedOptions } from './seed.js';

const SEED = 20261127;

interface ChildPerson {
  phone: string;
  username: string;
  siteId: number;
  isLeader: boolean;
}

/** The child sites' people, in id order after everyone seeded before. */
export const CHILD_SITE_STAFF: readonly ChildPerson[] = [
  { phone: '13720260001', username: '欧阳晨', siteId: 202, isLeader: true },
  { phone: '13720260002', username: '司马琳', siteId: 202, isLeader: false },
  { phone: '13720260003', username: '上官岚', siteId: 202, isLeader: false },
  { phone: '13720260004', username: '诸葛彤', siteId: 202, isLeader: false },
];

/** Each site's monthly default standard (a salesperson's), in fen, orders and new customers. */
const CHILD_STANDARDS: Record<number, { targetAmountFen: number; targetOrders: number; targetNewCustomers: number }> = {
  202: { targetAmountFen: 3_000_000, targetOrders: 6, targetNewCustomers: 1 },
};

const CUSTOMERS_EACH = 5;
const ORDERS_EACH = 4;
const JOINED_DAYS_AGO = 400;
const CUSTOMER_DAYS_AGO = [200, 190] as const;
const ORDER_DAYS_AGO = 175;
const STANDARD_MONTHS = 7;

const SHOPS = ['便利店', '超市', '批发部', '烟酒行', '商行', '食品店'];
const AREAS: Record<number, readonly string[]> = { 202: ['天河', '越秀', '海珠', '番禺'] };
const CITY: Record<number, string> = { 202: '广州市' };
const CONTACTS = ['陈', '林', '黄', '梁', '何', '罗'];
const GOODS = ['精选礼盒', '家庭装组合', '整箱装', '节日套装'];

/** A moment on the China day `daysAgo` before `now`, in business hours, never after `now`. */
function onDay(now: Date, daysAgo: number, random: SeededRandom): Date {
  const at = new Date(startOfChinaDay(addDays(now, -daysAgo)).getTime() + (9 * 60 + random.int(0, 540)) * 60_000);
  return at < now ? at : new Date(now.getTime() - 60_000);
}

export async function seedSiteTreePeople(tx: Tx, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(SEED);
  const passwordHash = await hash(DEMO_PASSWORD);
  const joinedAt = onDay(now, JOINED_DAYS_AGO, random);
  const ids = new Map<string, number>();
  for (const person of CHILD_SITE_STAFF) {
    const [created] = await tx
      .insert(staff)
      .values({ username: person.username, phone: person.phone, passwordHash, teamReportAuth: person.isLeader, createdAt: joinedAt })
      .returning({ id: staff.id });
    if (!created) throw new Error(`could not seed ${person.phone}`);
    ids.set(person.phone, created.id);
    await tx.insert(positions).values({ staffId: created.id, siteId: person.siteId, isLeader: person.isLeader, drawAuth: false });
  }
  const leaderOf = (siteId: number) => {
    const leader = CHILD_SITE_STAFF.find((person) => person.siteId === siteId && person.isLeader);
    return leader ? (ids.get(leader.phone) ?? null) : null;
  };

  // This month's first China day: every salesperson sells at least once this month.
  const today = chinaCalendar(now);
  const monthStart = chinaMidnight(today.year, today.month, 1);
  const daysIntoMonth = Math.floor((startOfChinaDay(now).getTime() - monthStart.getTime()) / 86_400_000);
  let orderSeq = 0;
  // Net sales by site, salesperson and China month ('202/41/2026-09'), for their targets.
  const sold = new Map<string, { fen: number; count: number }>();
  const seededCustomers: number[] = [];
  for (const person of CHILD_SITE_STAFF.filter((candidate) => !candidate.isLeader)) {
    const ownerId = ids.get(person.phone);
    if (ownerId === undefined) continue;
    for (let c = 0; c < CUSTOMERS_EACH; c += 1) {
      const area = random.pick(AREAS[person.siteId] ?? ['']);
      const createdAt = onDay(now, random.int(CUSTOMER_DAYS_AGO[1], CUSTOMER_DAYS_AGO[0]), random);
      const [customer] = await tx
        .insert(customers)
        .values({
          siteId: person.siteId,
          name: `${area}${random.pick(CONTACTS)}记${random.pick(SHOPS)}`,
          contactName: `${random.pick(CONTACTS)}先生`,
          phone: `135${String(20_260_000 + person.siteId * 100 + orderSeq + c).padStart(8, '0')}`,
          address: `${CITY[person.siteId] ?? ''}${area}区${random.int(1, 300)}号`,
          level: random.pick(['A', 'B', 'C'] as const),
          source: '地推',
          ownerId,
          qrToken: token(random),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('could not seed a customer');
      seededCustomers.push(customer.id);
      await tx.insert(customerBindings).values({ customerId: customer.id, staffId: ownerId, boundBy: leaderOf(person.siteId), kind: 'bind', boundAt: createdAt });
      const days = [random.int(0, daysIntoMonth), ...Array.from({ length: ORDERS_EACH - 1 }, () => random.int(daysIntoMonth + 1, ORDER_DAYS_AGO))];
      for (const daysAgo of days) {
        orderSeq += 1;
        const paidAt = onDay(now, daysAgo, random);
        const amountFen = random.int(80, 1200) * 1000;
        const soldKey = `${person.siteId}/${ownerId}/${chinaDayString(paidAt).slice(0, 7)}`;
        const before = sold.get(soldKey) ?? { fen: 0, count: 0 };
        sold.set(soldKey, { fen: before.fen + amountFen, count: before.count + 1 });
        const [order] = await tx
          .insert(orders)
          .values({
            orderNo: `TS${person.siteId}${chinaDayKey(paidAt)}${String(orderSeq).padStart(4, '0')}`,
            siteId: person.siteId,
            customerId: customer.id,
            staffId: ownerId,
            amountFen,
            status: 'completed',
            createdAt: paidAt,
            paidAt,
            shippedAt: paidAt,
            completedAt: paidAt,
          })
          .returning({ id: orders.id });
        if (!order) throw new Error('could not seed an order');
        await tx.insert(orderItems).values({ orderId: order.id, name: random.pick(GOODS), quantity: 1, unitPriceFen: amountFen });
      }
    }
  }

  // The order figures kept on each customer (成交订单, 累计金额, 最近下单), as every order write keeps them.
  await recomputeCustomerFigures(tx, seededCustomers);

  // Each month a site default; each past month a salesperson's own target near what they sold
  // (completion 0.7–1.3, as the demo's other sites), this month the default.
  const standards: (typeof performanceStandards.$inferInsert)[] = [];
  for (let back = 0; back < STANDARD_MONTHS; back += 1) {
    const first = new Date(Date.UTC(today.year, today.month - 1 - back, 1));
    const month = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const [siteId, target] of Object.entries(CHILD_STANDARDS)) standards.push({ siteId: Number(siteId), staffId: null, month, ...target });
    if (back === 0) continue;
    for (const [key, net] of sold) {
      const [siteId, staffId, soldMonth] = key.split('/');
      if (soldMonth !== month) continue;
      const factor = 0.7 + random.next() * 0.6;
      const targetAmountFen = Math.max(Math.round(net.fen / factor / 10_000) * 10_000, 10_000);
      standards.push({ siteId: Number(siteId), staffId: Number(staffId), month, targetAmountFen, targetOrders: Math.max(Math.round(net.count / factor), 1), targetNewCustomers: 0 });
    }
  }
  await tx.insert(performanceStandards).values(standards);
}
