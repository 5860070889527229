/**
 * Demo customers and who owned them when (DESIGN §6). A little over half were already customers
 * when the 25-month history begins; the others arrive over it at the pace of the business. A
 * customer is only ever bound to a salesperson who had joined by then, so nobody owns a customer,
 * sells to it or follows it up before their first day.
 */
import type { CustomerLevel } from '@sales/contract';
import { SeededRandom } from '../lib/random.js';
import type { BindingKind, UnbindReason } from './schema.js';
import {
  BRANDS,
  CUSTOMER_REMARKS,
  GIVEN,
  INDUSTRIES,
  MOBILE_PREFIXES,
  ROADS,
  SHOP_TYPES,
  SITE_CITIES,
  SITE_SHARES,
  SOURCES,
  SURNAMES,
} from './seed-catalog.js';
import { BusinessCalendar, DAY_MS, historyStart, HOUR_MS, MINUTE_MS, randomTime, weightedPick } from './seed-history.js';

const SEED = 20251101;

export const CUSTOMERS_AT_SCALE_1 = 2000;
/** Share of the customers created before the history begins (in the year before it). */
const EARLIER_SHARE = 0.55;
const EARLIER_DAYS = 365;

/** Who works at a site: leaders assign customers, salespeople own them. */
export interface SiteMembers {
  siteId: number;
  leaders: readonly number[];
  /**
   * Salespeople with a weight (demo accounts get a larger share so they have plenty to show) and
   * the day they joined (none: there all along).
   */
  salespeople: readonly { id: number; weight: number; joinedAt?: Date }[];
}

export interface BindingPlan {
  staffId: number;
  boundBy: number | null;
  kind: BindingKind;
  boundAt: Date;
  unboundAt: Date | null;
  unboundBy: number | null;
  unboundReason?: UnbindReason;
}

export interface CustomerPlan {
  siteId: number;
  name: string;
  contactName: string;
  phone: string;
  address: string;
  level: CustomerLevel;
  source: string;
  remark: string;
  qrToken: string;
  createdAt: Date;
  ownerId: number | null;
  /** The salesperson credited with the new customer: its owner from its first day, if any. */
  creditedStaffId: number | null;
  bindings: BindingPlan[];
}

export interface SalesSeedOptions {
  scale: number;
  /** The moment the data is relative to; now by default. */
  now?: Date;
}

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A customer's QR token: 20 letters and digits, as the app issues them. */
export function token(random: SeededRandom, length = 20): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += TOKEN_ALPHABET[random.int(0, TOKEN_ALPHABET.length - 1)];
  return text;
}

export const personName = (random: SeededRandom) => random.pick(SURNAMES) + random.pick(GIVEN);
const mobile = (random: SeededRandom) => random.pick(MOBILE_PREFIXES) + String(random.int(0, 99_999_999)).padStart(8, '0');

/** The staff bound to a customer at a moment, from its binding history. */
export function ownerAt(bindings: readonly BindingPlan[], at: Date): number | null {
  const time = at.getTime();
  for (const binding of bindings) {
    if (binding.boundAt.getTime() <= time && (binding.unboundAt === null || time < binding.unboundAt.getTime())) return binding.staffId;
  }
  return null;
}

/** Plans the customers of every site with their binding history. */
export function planCustomers(members: readonly SiteMembers[], options: SalesSeedOptions): CustomerPlan[] {
  const random = new SeededRandom(SEED);
  const nowDate = options.now ?? new Date();
  const now = nowDate.getTime();
  const start = historyStart(nowDate).getTime();
  const calendar = new BusinessCalendar(new Date(start), nowDate);
  const total = Math.max(3, Math.round(CUSTOMERS_AT_SCALE_1 * options.scale));
  const usedNames = new Set<string>();
  const usedTokens = new Set<string>();
  const plans: CustomerPlan[] = [];
  let remaining = total;

  SITE_SHARES.forEach(([siteId, share], index) => {
    const site = members.find((member) => member.siteId === siteId);
    const cities = SITE_CITIES[siteId];
    if (!site || !cities) return;
    const count = index === SITE_SHARES.length - 1 ? remaining : Math.round(total * share);
    remaining -= count;
    const joined = (person: SiteMembers['salespeople'][number]) => person.joinedAt?.getTime() ?? -Infinity;
    /** The salespeople there at a moment, with their weights. */
    const salespeopleAt = (at: number) => site.salespeople.filter((person) => joined(person) <= at).map((person) => [person.id, person.weight] as const);
    const firstJoin = Math.min(...site.salespeople.map(joined));
    const leaderOrSelf = (self: number) => (site.leaders.length > 0 ? random.pick(site.leaders) : self);

    for (let i = 0; i < count; i += 1) {
      const city = random.pick(cities);
      const district = random.pick(city.districts);
      const brand = random.pick(BRANDS);
      const shop = random.chance(0.7);
      const area = district.replace(/(新区|区|街道|镇)$/, '');
      const kind = shop ? random.pick(SHOP_TYPES) : random.pick(INDUSTRIES);
      // A second shop of the same name in the same area is its 2店, 3店…; a company gets a branch.
      const nameOf = (n: number) =>
        shop
          ? `${brand}${kind}（${area}${n > 1 ? n : ''}店）`
          : `${city.city.replace(/市$/, '')}${brand}${kind}有限公司${n > 1 ? `${area}第${n}分公司` : ''}`;
      let n = 1;
      while (usedNames.has(nameOf(n))) n += 1;
      const name = nameOf(n);
      usedNames.add(name);

      let qrToken = token(random);
      while (usedTokens.has(qrToken)) qrToken = token(random);
      usedTokens.add(qrToken);

      const level = weightedPick<CustomerLevel>(random, [
        ['A', 15],
        ['B', 35],
        ['C', 50],
      ]);
      const createdAt = random.chance(EARLIER_SHARE)
        ? new Date(start - random.int(1, EARLIER_DAYS) * DAY_MS + random.int(8 * 60, 20 * 60) * MINUTE_MS)
        : calendar.pick(random);
      const created = createdAt.getTime();
      const bindings: BindingPlan[] = [];
      let firstBoundAt = Math.max(created, Math.min(now - MINUTE_MS, created + random.int(0, 48) * HOUR_MS));
      // Nobody had joined the site yet: its first salesperson takes the customer within a week.
      if (firstBoundAt < firstJoin) firstBoundAt = firstJoin + random.int(1, 7 * 24) * HOUR_MS;
      // Bound from (nearly) the first day, the owner is credited with the new customer, so must have
      // joined by its creation; bound later, by the day of binding.
      const eligibleAt = firstBoundAt - created <= 48 * HOUR_MS ? created : firstBoundAt;
      const eligible = firstBoundAt <= now - MINUTE_MS ? salespeopleAt(eligibleAt) : [];
      const bound = eligible.length > 0 && !random.chance(0.12);
      if (bound) {
        const first = weightedPick(random, eligible);
        const claimed = random.chance(0.3);
        bindings.push({ staffId: first, boundBy: claimed ? first : leaderOrSelf(first), kind: claimed ? 'claim' : 'bind', boundAt: new Date(firstBoundAt), unboundAt: null, unboundBy: null });
        const ageDays = (now - firstBoundAt) / DAY_MS;
        if (ageDays > 30 && random.chance(0.15)) {
          const at = randomTime(random, firstBoundAt + 7 * DAY_MS, now - 7 * DAY_MS);
          const others = salespeopleAt(at.getTime()).filter(([id]) => id !== first);
          if (others.length > 0) {
            const second = weightedPick(random, others);
            const leader = leaderOrSelf(second);
            const previous = bindings[0];
            if (previous) {
              previous.unboundAt = at;
              previous.unboundBy = leader;
              previous.unboundReason = 'transfer';
            }
            bindings.push({ staffId: second, boundBy: leader, kind: 'transfer', boundAt: at, unboundAt: null, unboundBy: null });
          }
        }
      } else if (eligible.length > 0 && random.chance(0.5)) {
        // Once bound, later released (the salesperson left the account).
        const staffId = weightedPick(random, eligible);
        const leader = leaderOrSelf(staffId);
        const unboundAt = randomTime(random, firstBoundAt + DAY_MS, now - HOUR_MS);
        if (unboundAt.getTime() < now) bindings.push({ staffId, boundBy: leader, kind: 'bind', boundAt: new Date(firstBoundAt), unboundAt, unboundBy: leader, unboundReason: 'unbind' });
      }
      const current = bindings.find((binding) => binding.unboundAt === null);
      const first = bindings[0];

      const road = random.pick(ROADS);
      plans.push({
        siteId,
        name,
        contactName: personName(random),
        phone: mobile(random),
        address: `${city.province === city.city ? '' : city.province}${city.city}${district}${road}${random.int(1, 999)}号`,
        level,
        source: weightedPick(random, SOURCES),
        remark: random.chance(0.2) ? random.pick(CUSTOMER_REMARKS) : '',
        qrToken,
        createdAt,
        ownerId: current?.staffId ?? null,
        creditedStaffId: first && first.boundAt.getTime() - created <= 48 * HOUR_MS ? first.staffId : null,
        bindings,
      });
    }
  });
  return plans;
}
