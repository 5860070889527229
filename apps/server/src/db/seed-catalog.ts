/** The demo data's vocabulary: the sites' cities, shop names, goods and follow-up notes. */
import type { FollowUpType } from '@sales/contract';

export interface City {
  province: string;
  city: string;
  districts: readonly string[];
}

/** Cities of each demo site's territory. */
export const SITE_CITIES: Record<number, readonly City[]> = {
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
export const SITE_SHARES: readonly (readonly [number, number])[] = [
  [101, 0.4],
  [102, 0.28],
  [201, 0.32],
];

export const BRANDS = [
  '鑫源', '佳佳乐', '恒达', '万家福', '好又多', '联华', '永辉', '百顺', '金福', '华联', '惠民', '家家乐', '新世纪', '旺铺', '福满多',
  '盛隆', '和美', '康乐', '兴旺', '顺发', '明珠', '天天', '四季', '乐购', '喜多多', '红星', '金源', '海鑫', '宏达', '益民',
  '嘉禾', '瑞丰', '大润', '隆昌', '德胜', '聚宝', '富康', '民生', '悦来', '长青', '泰和', '安心', '同福', '利群', '东方',
  '绿源', '优品', '鲜丰', '谷丰', '春晖',
];
export const SHOP_TYPES = ['便利店', '超市', '生鲜超市', '烟酒店', '副食店', '粮油店', '母婴店', '日用百货', '水果店', '批发部', '茶叶店', '餐厅', '面馆', '小吃店', '药房'];
export const INDUSTRIES = ['商贸', '贸易', '餐饮管理', '食品', '供应链', '实业', '酒店管理', '物业服务', '文化传媒', '科技'];
export const ROADS = [
  '人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '文化路', '长江路', '黄河路', '朝阳路', '胜利路', '光明路', '青年路',
  '迎宾大道', '滨江路', '学府路', '东风路', '友谊路', '工业路', '江南大道', '金山路', '望江路', '复兴路', '南京路', '延安路',
];
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '潘', '袁', '蔡', '蒋', '余'];
export const GIVEN = [
  '芳', '敏', '静', '丽', '军', '磊', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '建华', '文博', '子豪',
  '欣怡', '浩然', '雨婷', '志强', '晓东', '海燕', '国庆', '春梅', '佳琪', '思远', '建国', '红梅', '立新', '玉兰', '德明', '金凤', '小龙', '丽华',
];
export const MOBILE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158', '159', '166', '173', '177', '180', '181', '182', '183', '185', '186', '187', '188', '189', '191', '198', '199'];
export const SOURCES: readonly (readonly [string, number])[] = [
  ['地推开发', 30],
  ['老客户介绍', 20],
  ['电话开发', 15],
  ['平台注册', 15],
  ['展会', 8],
  ['线上咨询', 7],
  ['门店自来', 5],
];
export const CUSTOMER_REMARKS = ['周末不收货', '需要开增值税专用发票', '老板下午三点后方便联系', '仓库在后门，送货请提前电话', '月结客户，每月5日对账', '只收整箱', '对价格敏感，有促销请优先通知'];
export const ORDER_REMARKS = ['请尽快发货', '周末不收货，请工作日送达', '需要开增值税专用发票', '送货前请电话联系', '货到后当面验收', '与上次订单合并配送'];

export interface Product {
  name: string;
  priceFen: number;
  /** Typical quantity per order for a small shop. */
  maxQuantity: number;
}

export const PRODUCTS: readonly Product[] = [
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

export const FOLLOW_UP_NOTES: Record<FollowUpType, readonly string[]> = {
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

export const FOLLOW_UP_TYPE_WEIGHTS: readonly (readonly [FollowUpType, number])[] = [
  ['电话', 40],
  ['微信', 30],
  ['拜访', 25],
  ['其他', 5],
];
