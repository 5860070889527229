/**
 * Demo customers, bindings, orders and follow-ups (DESIGN §6), generated from a fixed seed so
 * every fresh start holds the same data, with times relative to the start. Scale 1 is ~2,000
 * customers and ~20,000 orders over the last 12 months.
 */
import { type CustomerLevel, type FollowUpType, type OrderStatus, addDays, chinaDayKey, startOfChinaDay } from '@sales/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { SeededRandom } from '../lib/random.js';
import type { Tx } from './client.js';
import { recomputeAllCustomerFigures } from './customer-figures.js';
import { positions, staff } from './schema.js';

const SEED = 20251101;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 1000;

export const CUSTOMERS_AT_SCALE_1 = 2000;
export const ORDERS_AT_SCALE_1 = 20000;

interface City {
  province: string;
  city: string;
  districts: readonly string[];
}

/** Cities of each demo site's territory. */
const SITE_CITIES: Record<number, readonly City[]> = {
  101: [
    { province: '上海市', city: '上海市', districts: ['浦东新区', '徐汇区', '静安区', '闵行区', '杨浦区', '普陀区'] },
    { province: '浙江省', city: '杭州市', districts: ['西湖区', '拱墅区', '滨江区', '余杭区', '萧山区'] },
    { province: '江苏省', city: '苏州市', districts: ['姑苏区', '工业园区', '吴中区', '相城区'] },
    { province: '浙江省', city: '宁波市', districts: ['海曙区', '鄞州区', '江北区'] },
    { province: '江苏省', city: '无锡市', districts: ['梁溪区', '滨湖区', '新吴区'] },
  ],
  102: [
    { province: '江苏省', city: '南京市', districts: ['玄武区', '秦淮区', '鼓楼区', '建邺区', '江宁区'] },
    { province: '安徽省', city: '合肥市', districts: ['蜀山区', '庐阳区', '包河区', '瑶海区'] },
    { province: '江苏省', city: '常州市', districts: ['天宁区', '钟楼区', '武进区'] },
    { province: '江苏省', city: '扬州市', districts: ['广陵区', '邗江区'] },
    { province: '浙江省', city: '温州市', districts: ['鹿城区', '瓯海区', '龙湾区'] },
  ],
  201: [
    { province: '广东省', city: '广州市', districts: ['天河区', '越秀区', '海珠区', '白云区', '番禺区'] },
    { province: '广东省', city: '深圳市', districts: ['福田区', '南山区', '罗湖区', '宝安区', '龙岗区'] },
    { province: '广东省', city: '东莞市', districts: ['南城街道', '东城街道', '长安镇', '虎门镇'] },
    { province: '广东省', city: '佛山市', districts: ['禅城区', '南海区', '顺德区'] },
    { province: '福建省', city: '厦门市', districts: ['思明区', '湖里区', '集美区'] },
  ],
};

/** Share of the customers each site holds. */
const SITE_SHARES: readonly (readonly [number, number])[] = [
  [101, 0.4],
  [102, 0.28],
  [201, 0.32],
];

const BRANDS = [
  '鑫源', '佳佳乐', '恒达', '万家福', '好又多', '联华', '永辉', '百顺', '金福', '华联', '惠民', '家家乐', '新世纪', '旺铺', '福满多',
  '盛隆', '和美', '康乐', '兴旺', '顺发', '明珠', '天天', '四季', '乐购', '喜多多', '红星', '金源', '海鑫', '宏达', '益民',
  '嘉禾', '瑞丰', '大润', '隆昌', '德胜', '聚宝', '富康', '民生', '悦来', '长青', '泰和', '安心', '同福', '利群', '东方',
  '绿源', '优品', '鲜丰', '谷丰', '春晖',
];
const SHOP_TYPES = ['便利店', '超市', '生鲜超市', '烟酒店', '副食店', '粮油店', '母婴店', '日用百货', '水果店', '批发部', '茶叶店', '餐厅', '面馆', '小吃店', '药房'];
const INDUSTRIES = ['商贸', '贸易', '餐饮管理', '食品', '供应链', '实业', '酒店管理', '物业服务', '文化传媒', '科技'];
const ROADS = [
  '人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '文化路', '长江路', '黄河路', '朝阳路', '胜利路', '光明路', '青年路',
  '迎宾大道', '滨江路', '学府路', '东风路', '友谊路', '工业路', '江南大道', '金山路', '望江路', '复兴路', '南京路', '延安路',
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '潘', '袁', '蔡', '蒋', '余'];
const GIVEN = [
  '芳', '敏', '静', '丽', '军', '磊', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '建华', '文博', '子豪',
  '欣怡', '浩然', '雨婷', '志强', '晓东', '海燕', '国庆', '春梅', '佳琪', '思远', '建国', '红梅', '立新', '玉兰', '德明', '金凤', '小龙', '丽华',
];
const MOBILE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158', '159', '166', '173', '177', '180', '181', '182', '183', '185', '186', '187', '188', '189', '191', '198', '199'];
const SOURCES: readonly (readonly [string, number])[] = [
  ['地推开发', 30],
  ['老客户介绍', 20],
  ['电话开发', 15],
  ['平台注册', 15],
  ['展会', 8],
  ['线上咨询', 7],
  ['门店自来', 5],
];
const CUSTOMER_REMARKS = ['周末不收货', '需要开增值税专用发票', '老板下午三点后方便联系', '仓库在后门，送货请提前电话', '月结客户，每月5日对账', '只收整箱', '对价格敏感，有促销请优先通知'];
const ORDER_REMARKS = ['请尽快发货', '周末不收货，请工作日送达', '需要开增值税专用发票', '送货前请电话联系', '货到后当面验收', '与上次订单合并配送'];

interface Product {
  name: string;
  priceFen: number;
  /** Typical quantity per order for a small shop. */
  maxQuantity: number;
}

const PRODUCTS: readonly Product[] = [
  { name: '金龙鱼食用调和油 5L', priceFen: 6990, maxQuantity: 20 },
  { name: '鲁花5S压榨一级花生油 5L', priceFen: 15990, maxQuantity: 10 },
  { name: '五常大米 10kg', priceFen: 8990, maxQuantity: 20 },
  { name: '农夫山泉饮用天然水 550ml×24瓶', priceFen: 3600, maxQuantity: 50 },
  { name: '百岁山矿泉水 570ml×24瓶', priceFen: 4800, maxQuantity: 30 },
  { name: '蒙牛纯牛奶 250ml×24盒', priceFen: 6200, maxQuantity: 30 },
  { name: '伊利安慕希酸奶 205g×12盒', priceFen: 6590, maxQuantity: 20 },
  { name: '康师傅红烧牛肉面 整箱24袋', priceFen: 5900, maxQuantity: 30 },
  { name: '统一老坛酸菜牛肉面 整箱24袋', priceFen: 5800, maxQuantity: 30 },
  { name: '青岛啤酒经典 500ml×12罐', priceFen: 6000, maxQuantity: 40 },
  { name: '雪花啤酒勇闯天涯 500ml×12罐', priceFen: 4800, maxQuantity: 40 },
  { name: '可口可乐 330ml×24罐', priceFen: 5280, maxQuantity: 40 },
  { name: '王老吉凉茶 310ml×24罐', priceFen: 7200, maxQuantity: 30 },
  { name: '东鹏特饮 250ml×24瓶', priceFen: 8400, maxQuantity: 20 },
  { name: '红牛维生素功能饮料 250ml×24罐', priceFen: 13200, maxQuantity: 15 },
  { name: '六个核桃 240ml×20罐', priceFen: 8990, maxQuantity: 20 },
  { name: '海天金标生抽 1.9L', priceFen: 2590, maxQuantity: 30 },
  { name: '太太乐鸡精 454g', priceFen: 1890, maxQuantity: 30 },
  { name: '老干妈风味豆豉 280g×12瓶', priceFen: 11800, maxQuantity: 10 },
  { name: '双汇王中王火腿肠 整箱', priceFen: 9600, maxQuantity: 15 },
  { name: '洽洽香瓜子 500g×10袋', priceFen: 12900, maxQuantity: 10 },
  { name: '旺旺雪饼 520g', priceFen: 2390, maxQuantity: 30 },
  { name: '奥利奥夹心饼干 家庭装', priceFen: 3990, maxQuantity: 20 },
  { name: '三只松鼠每日坚果 750g', priceFen: 10900, maxQuantity: 10 },
  { name: '雀巢咖啡1+2原味 100条', priceFen: 12900, maxQuantity: 10 },
  { name: '立白洗衣液 3kg', priceFen: 4590, maxQuantity: 20 },
  { name: '蓝月亮深层洁净洗衣液 3kg', priceFen: 5990, maxQuantity: 20 },
  { name: '维达抽纸 3层100抽×24包', priceFen: 6990, maxQuantity: 20 },
  { name: '心相印卷纸 27卷', priceFen: 5490, maxQuantity: 20 },
  { name: '舒肤佳香皂 3块装', priceFen: 2490, maxQuantity: 30 },
  { name: '中华牙膏 140g×3支', priceFen: 2590, maxQuantity: 30 },
  { name: '洁柔湿巾 80片×10包', priceFen: 4990, maxQuantity: 20 },
  { name: 'A4复印纸 70g 5包/箱', priceFen: 13500, maxQuantity: 10 },
  { name: '得力中性笔 0.5mm 12支装', priceFen: 1590, maxQuantity: 30 },
  { name: '一次性餐盒 500套', priceFen: 8800, maxQuantity: 10 },
  { name: '茅台迎宾酒 500ml', priceFen: 16800, maxQuantity: 12 },
];

const FOLLOW_UP_NOTES: Record<FollowUpType, readonly string[]> = {
  电话: [
    '电话沟通下月备货计划，客户计划增加饮料类采购',
    '客户反馈上批货物外箱有破损，已登记并申请补发',
    '确认节前订货量，约定下周再联系',
    '电话回访送货时效，客户满意',
    '客户询问新品价格，已报价，等待回复',
  ],
  拜访: [
    '上门拜访，门店新增冷柜区，推荐了乳制品和饮料',
    '与老板面谈新品陈列，客户同意试销两箱',
    '拜访时发现竞品在做促销，客户希望我们跟进政策',
    '到店清点库存，建议补货粮油类',
    '陪同区域经理拜访，讨论年度合作框架',
  ],
  微信: [
    '微信发送本月促销活动清单，客户表示感兴趣',
    '通过微信确认了收货地址变更',
    '微信发送对账单，客户已确认',
    '客户微信咨询开票事宜，已协助处理',
  ],
  其他: ['协助客户处理发票问题', '参加客户门店周年庆活动', '为客户申请了陈列费用支持'],
};

const FOLLOW_UP_TYPE_WEIGHTS: readonly (readonly [FollowUpType, number])[] = [
  ['电话', 40],
  ['微信', 30],
  ['拜访', 25],
  ['其他', 5],
];

/** Who works at a site: leaders assign customers, salespeople own them. */
export interface SiteMembers {
  siteId: number;
  leaders: readonly number[];
  /** Salespeople with a weight: demo accounts get a larger share so they have plenty to show. */
  salespeople: readonly { id: number; weight: number }[];
}

export interface BindingPlan {
  staffId: number;
  boundBy: number | null;
  kind: 'bind' | 'transfer' | 'claim';
  boundAt: Date;
  unboundAt: Date | null;
  unboundBy: number | null;
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
  bindings: BindingPlan[];
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

export interface FollowUpPlan {
  customer: number;
  siteId: number;
  staffId: number;
  type: FollowUpType;
  content: string;
  nextContactAt: Date | null;
  createdAt: Date;
}

export interface SalesSeedOptions {
  scale: number;
  /** The moment the data is relative to; now by default. */
  now?: Date;
}

function weightedPick<T>(random: SeededRandom, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('pick from an empty list');
  return last[0];
}

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function token(random: SeededRandom, length = 20): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += TOKEN_ALPHABET[random.int(0, TOKEN_ALPHABET.length - 1)];
  return text;
}

const personName = (random: SeededRandom) => random.pick(SURNAMES) + random.pick(GIVEN);
const mobile = (random: SeededRandom) => random.pick(MOBILE_PREFIXES) + String(random.int(0, 99_999_999)).padStart(8, '0');

/** The staff bound to a customer at a moment, from its binding history. */
function ownerAt(bindings: readonly BindingPlan[], at: Date): number | null {
  const time = at.getTime();
  for (const binding of bindings) {
    if (binding.boundAt.getTime() <= time && (binding.unboundAt === null || time < binding.unboundAt.getTime())) return binding.staffId;
  }
  return null;
}

const randomTime = (random: SeededRandom, from: number, to: number) => new Date(from + Math.floor(random.next() * Math.max(0, to - from)));

/** Plans the customers of every site with their binding history. */
export function planCustomers(members: readonly SiteMembers[], options: SalesSeedOptions): CustomerPlan[] {
  const random = new SeededRandom(SEED);
  const now = (options.now ?? new Date()).getTime();
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
    const salespeople = site.salespeople.map((person) => [person.id, person.weight] as const);
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
      const createdAt = new Date(now - random.int(3, 720) * DAY_MS - random.int(0, 10 * 60) * MINUTE_MS);
      const bindings: BindingPlan[] = [];
      const bound = salespeople.length > 0 && !random.chance(0.12);
      const firstBoundAt = new Date(Math.min(now - HOUR_MS, createdAt.getTime() + random.int(0, 48) * HOUR_MS));
      if (bound) {
        const first = weightedPick(random, salespeople);
        const claimed = random.chance(0.3);
        bindings.push({ staffId: first, boundBy: claimed ? first : leaderOrSelf(first), kind: claimed ? 'claim' : 'bind', boundAt: firstBoundAt, unboundAt: null, unboundBy: null });
        const ageDays = (now - firstBoundAt.getTime()) / DAY_MS;
        if (ageDays > 30 && salespeople.length > 1 && random.chance(0.15)) {
          let second = weightedPick(random, salespeople);
          while (second === first) second = weightedPick(random, salespeople);
          const at = randomTime(random, firstBoundAt.getTime() + 7 * DAY_MS, now - 7 * DAY_MS);
          const leader = leaderOrSelf(second);
          const previous = bindings[0];
          if (previous) {
            previous.unboundAt = at;
            previous.unboundBy = leader;
          }
          bindings.push({ staffId: second, boundBy: leader, kind: 'transfer', boundAt: at, unboundAt: null, unboundBy: null });
        }
      } else if (salespeople.length > 0 && random.chance(0.5)) {
        // Once bound, later released (the salesperson left the account).
        const staffId = weightedPick(random, salespeople);
        const leader = leaderOrSelf(staffId);
        const unboundAt = randomTime(random, firstBoundAt.getTime() + DAY_MS, now - HOUR_MS);
        bindings.push({ staffId, boundBy: leader, kind: 'bind', boundAt: firstBoundAt, unboundAt, unboundBy: leader });
      }
      const current = bindings.find((binding) => binding.unboundAt === null);

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
        bindings,
      });
    }
  });
  return plans;
}

const LEVEL_ORDER_WEIGHT: Record<CustomerLevel, number> = { A: 5, B: 2.5, C: 1 };

/** The demo orders, generated lazily so a large scale never holds them all in memory. */
export function* planOrders(customerPlans: readonly CustomerPlan[], options: SalesSeedOptions): Generator<OrderPlan> {
  const random = new SeededRandom(SEED + 1);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const today = startOfChinaDay(now).getTime();
  const total = Math.max(1, Math.round(ORDERS_AT_SCALE_1 * options.scale));
  const cumulative: number[] = [];
  let sum = 0;
  for (const plan of customerPlans) {
    sum += LEVEL_ORDER_WEIGHT[plan.level];
    cumulative.push(sum);
  }
  const pickCustomer = () => {
    const roll = random.next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) > roll) high = mid;
      else low = mid + 1;
    }
    return low;
  };
  const digits = Math.max(6, String(total).length);

  for (let seq = 1; seq <= total; seq += 1) {
    const index = pickCustomer();
    const customer = customerPlans[index];
    if (!customer) throw new Error('no customer to order');
    const maxAge = Math.min(365, Math.floor((nowMs - customer.createdAt.getTime()) / DAY_MS) - 1);
    // A tenth of the orders fall in the last two weeks, so this week and month have plenty to show.
    const ageDays = random.chance(0.1) ? random.int(0, Math.min(13, maxAge)) : random.int(0, Math.max(0, maxAge));
    let createdMs = today - ageDays * DAY_MS + random.int(8 * 60, 22 * 60 - 1) * MINUTE_MS + random.int(0, 59) * 1000;
    if (createdMs > nowMs) createdMs = nowMs - random.int(1, 180) * MINUTE_MS;
    const createdAt = new Date(createdMs);

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
    const amountFen = items.reduce((total, item) => total + item.quantity * item.unitPriceFen, 0);

    const times = { paidAt: null as Date | null, shippedAt: null as Date | null, completedAt: null as Date | null, cancelledAt: null as Date | null, refundedAt: null as Date | null };
    let status: OrderStatus = 'pending';
    const fate = random.next();
    const at = (ms: number) => (ms <= nowMs ? new Date(ms) : null);
    if (fate < 0.06) {
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
          const refundedAt = at(times.paidAt.getTime() + random.int(6, 10 * 24) * HOUR_MS);
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

/** Follow-ups by the current owners over the last four months; some are due today. */
export function planFollowUps(customerPlans: readonly CustomerPlan[], options: SalesSeedOptions): FollowUpPlan[] {
  const random = new SeededRandom(SEED + 2);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const today = startOfChinaDay(now);
  const plans: FollowUpPlan[] = [];
  customerPlans.forEach((customer, index) => {
    const binding = customer.bindings.find((candidate) => candidate.unboundAt === null);
    if (!binding) return;
    const count = customer.level === 'A' ? random.int(1, 5) : customer.level === 'B' ? random.int(0, 3) : random.int(0, 2);
    const from = Math.max(binding.boundAt.getTime(), nowMs - 120 * DAY_MS);
    const times = Array.from({ length: count }, () => randomTime(random, from, nowMs - HOUR_MS)).sort((a, b) => a.getTime() - b.getTime());
    times.forEach((createdAt, position) => {
      const type = weightedPick(random, FOLLOW_UP_TYPE_WEIGHTS);
      let nextContactAt: Date | null = null;
      if (position === times.length - 1 && random.chance(0.6)) {
        nextContactAt = random.chance(0.15)
          ? new Date(today.getTime() + random.int(9, 18) * HOUR_MS)
          : new Date(startOfChinaDay(addDays(createdAt, random.int(1, 14))).getTime() + random.pick([10, 14, 16]) * HOUR_MS);
      }
      plans.push({ customer: index, siteId: customer.siteId, staffId: binding.staffId, type, content: random.pick(FOLLOW_UP_NOTES[type]), nextContactAt, createdAt });
    });
  });
  return plans;
}

/** The members of every site, from the positions the staff seed created. */
export async function loadSiteMembers(tx: Tx): Promise<SiteMembers[]> {
  const rows = await tx
    .select({ staffId: positions.staffId, siteId: positions.siteId, isLeader: positions.isLeader, phone: staff.phone })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(eq(staff.status, 'active'))
    .orderBy(positions.siteId, positions.staffId, positions.id);
  const bySite = new Map<number, { leaders: Set<number>; salespeople: Map<number, number> }>();
  for (const row of rows) {
    const site = bySite.get(row.siteId) ?? { leaders: new Set<number>(), salespeople: new Map<number, number>() };
    bySite.set(row.siteId, site);
    if (row.isLeader) site.leaders.add(row.staffId);
    else site.salespeople.set(row.staffId, row.phone.startsWith('1380000000') ? 3 : 1);
  }
  return [...bySite].map(([siteId, site]) => ({
    siteId,
    leaders: [...site.leaders],
    salespeople: [...site.salespeople].map(([id, weight]) => ({ id, weight })),
  }));
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

type ColumnType = 'int' | 'bigint' | 'text' | 'timestamptz';

/**
 * Inserts many rows as one statement of column arrays (insert … select from unnest): a handful of
 * parameters whatever the row count, so the seed takes a few seconds rather than half a minute.
 */
async function insertColumns(tx: Tx, table: string, columns: Record<string, readonly [ColumnType, readonly unknown[]]>, returning?: SQL) {
  const names = Object.keys(columns);
  const arrays = names.map((name) => {
    const [type, values] = columns[name] as readonly [ColumnType, readonly unknown[]];
    const encoded = values.map((value) => (value instanceof Date ? value.toISOString() : value));
    return sql`${sql.param(encoded)}::${sql.raw(type)}[]`;
  });
  const query = sql`insert into ${sql.identifier(table)} (${sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )}) select * from unnest(${sql.join(arrays, sql`, `)})`;
  return tx.execute(returning ? sql`${query} returning ${returning}` : query);
}

const column = <T>(type: ColumnType, rows: readonly T[], pick: (row: T) => unknown) => [type, rows.map(pick)] as const;

/**
 * The tables whose secondary indexes are built after the load. Not customers: the load updates
 * their figures at the end, and an index built after an update in the same transaction is
 * unusable (indcheckxmin) until every older transaction on the server has ended.
 */
const BULK_TABLES = ['customer_bindings', 'orders', 'order_items', 'follow_ups'];
/** Indexes the load itself reads: items find their order by its number. */
const LOAD_INDEXES = ['orders_order_no_uq'];
/**
 * The statement triggers that keep performance_daily (migration 0004) and order_tallies (0011)
 * current, fired by the load's statements; each summary is recomputed once after the load.
 * (customer_tallies keeps its triggers: a few hundred tallies, one upsert per batch.)
 */
const SUMMARY_TRIGGERS: readonly (readonly [string, string])[] = [
  ['customers', 'customers_perf_insert'],
  ['customers', 'customers_perf_update'],
  ['orders', 'orders_perf_insert'],
  ['orders', 'orders_tallies_insert'],
  ['follow_ups', 'follow_ups_perf_insert'],
];
const SUMMARY_RECOMPUTES = ['perf_recompute', 'order_tallies_recompute'];

/**
 * Runs a bulk load the way databases like it, inside the seed's transaction: the summary triggers
 * off (one recomputation of each summary at the end instead of one upsert per batch) and the secondary indexes
 * dropped, then built once over the loaded rows. Nothing else sees the tables meanwhile: the
 * transaction holds them, and a failure rolls the whole step back, indexes and triggers included.
 */
async function bulkLoad(tx: Tx, load: () => Promise<void>): Promise<void> {
  const found = await tx.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      BULK_TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      and i.indexname not in (${sql.join(
        LOAD_INDEXES.map((name) => sql`${name}`),
        sql`, `,
      )})
    order by i.indexname`);
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(found);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  for (const [table, trigger] of SUMMARY_TRIGGERS) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
  await load();
  for (const [table, trigger] of SUMMARY_TRIGGERS) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
  for (const recompute of SUMMARY_RECOMPUTES) await tx.execute(sql`select ${sql.identifier(recompute)}()`);
  // Room to sort in memory: each index is built in one pass rather than through temporary files.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  for (const table of ['customers', ...BULK_TABLES]) await tx.execute(sql`analyze ${sql.identifier(table)}`);
}

/** The 'seed:sales:v1' step: customers, bindings, orders with items, follow-ups, then the figures. */
export async function seedSales(tx: Tx, options: SalesSeedOptions): Promise<void> {
  await bulkLoad(tx, () => loadSales(tx, options));
}

async function loadSales(tx: Tx, options: SalesSeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const planOptions = { ...options, now };
  const members = await loadSiteMembers(tx);
  const customerPlans = planCustomers(members, planOptions);

  const customerIds: number[] = [];
  for (const batch of chunks(customerPlans, BATCH * 10)) {
    const result = await insertColumns(
      tx,
      'customers',
      {
        site_id: column('int', batch, (c) => c.siteId),
        name: column('text', batch, (c) => c.name),
        contact_name: column('text', batch, (c) => c.contactName),
        phone: column('text', batch, (c) => c.phone),
        address: column('text', batch, (c) => c.address),
        level: column('text', batch, (c) => c.level),
        source: column('text', batch, (c) => c.source),
        owner_id: column('int', batch, (c) => c.ownerId),
        remark: column('text', batch, (c) => c.remark),
        qr_token: column('text', batch, (c) => c.qrToken),
        created_at: column('timestamptz', batch, (c) => c.createdAt),
        updated_at: column('timestamptz', batch, (c) => c.createdAt),
      },
      sql`id, qr_token`,
    );
    const idByToken = new Map(rowsOf<{ id: number; qr_token: string }>(result).map((row) => [row.qr_token, row.id]));
    for (const customer of batch) {
      const id = idByToken.get(customer.qrToken);
      if (id === undefined) throw new Error('customer insert lost a row');
      customerIds.push(id);
    }
  }
  const idOf = (index: number) => {
    const id = customerIds[index];
    if (id === undefined) throw new Error(`no customer at ${index}`);
    return id;
  };

  const bindingRows = customerPlans.flatMap((customer, index) => customer.bindings.map((binding) => ({ customerId: idOf(index), ...binding })));
  for (const batch of chunks(bindingRows, BATCH * 10)) {
    await insertColumns(tx, 'customer_bindings', {
      customer_id: column('int', batch, (b) => b.customerId),
      staff_id: column('int', batch, (b) => b.staffId),
      bound_by: column('int', batch, (b) => b.boundBy),
      kind: column('text', batch, (b) => b.kind),
      bound_at: column('timestamptz', batch, (b) => b.boundAt),
      unbound_at: column('timestamptz', batch, (b) => b.unboundAt),
      unbound_by: column('int', batch, (b) => b.unboundBy),
    });
  }

  for (const batch of chunks(planOrders(customerPlans, planOptions), BATCH * 10)) {
    await insertColumns(tx, 'orders', {
      order_no: column('text', batch, (o) => o.orderNo),
      site_id: column('int', batch, (o) => o.siteId),
      customer_id: column('int', batch, (o) => idOf(o.customer)),
      staff_id: column('int', batch, (o) => o.staffId),
      amount_fen: column('bigint', batch, (o) => o.amountFen),
      status: column('text', batch, (o) => o.status),
      remark: column('text', batch, (o) => o.remark),
      created_at: column('timestamptz', batch, (o) => o.createdAt),
      paid_at: column('timestamptz', batch, (o) => o.paidAt),
      shipped_at: column('timestamptz', batch, (o) => o.shippedAt),
      completed_at: column('timestamptz', batch, (o) => o.completedAt),
      cancelled_at: column('timestamptz', batch, (o) => o.cancelledAt),
      refunded_at: column('timestamptz', batch, (o) => o.refundedAt),
      updated_at: column('timestamptz', batch, (o) => o.createdAt),
    });
    // Items find their order by its number, so no ids travel back to the seed.
    const items = batch.flatMap((order) => order.items.map((item) => ({ orderNo: order.orderNo, ...item })));
    await tx.execute(sql`
      insert into order_items (order_id, name, quantity, unit_price_fen)
      select o.id, i.name, i.quantity, i.unit_price_fen
      from unnest(${sql.param(items.map((i) => i.orderNo))}::text[], ${sql.param(items.map((i) => i.name))}::text[],
                  ${sql.param(items.map((i) => i.quantity))}::int[], ${sql.param(items.map((i) => i.unitPriceFen))}::bigint[])
           as i(order_no, name, quantity, unit_price_fen)
      join orders o on o.order_no = i.order_no`);
  }

  const followUpRows = planFollowUps(customerPlans, planOptions);
  for (const batch of chunks(followUpRows, BATCH * 10)) {
    await insertColumns(tx, 'follow_ups', {
      customer_id: column('int', batch, (f) => idOf(f.customer)),
      site_id: column('int', batch, (f) => f.siteId),
      staff_id: column('int', batch, (f) => f.staffId),
      type: column('text', batch, (f) => f.type),
      content: column('text', batch, (f) => f.content),
      next_contact_at: column('timestamptz', batch, (f) => f.nextContactAt),
      created_at: column('timestamptz', batch, (f) => f.createdAt),
    });
  }

  await recomputeAllCustomerFigures(tx);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
