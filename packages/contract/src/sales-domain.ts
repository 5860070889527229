/**
 * Customers, orders and follow-ups: the enums, labels and QR format both halves share.
 * Kept apart from the TypeBox schemas so pages that need only these stay small.
 */
export const CUSTOMER_LEVELS = ['A', 'B', 'C'] as const;
export type CustomerLevel = (typeof CUSTOMER_LEVELS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Chinese names of the order statuses (DESIGN §4). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待付款',
  paid: '已付款',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
  refunded: '已退款',
};

/** Statuses that count as sales (performance, customer totals). */
export const SALES_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'completed'];

export const FOLLOW_UP_TYPES = ['电话', '拜访', '微信', '其他'] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];

/** 客户来源 the app's 新建客户 offers (the import and the platform may send any text up to 32 characters). */
export const CUSTOMER_SOURCES = ['地推开发', '老客户介绍', '电话开发', '平台注册', '展会', '线上咨询', '门店自来'] as const;

/**
 * 新建客户's fields (issue 27 §1): a customer's phone is a mainland mobile or a landline (0XX-XXXXXXX);
 * the lengths are the columns'. The server and the form check the same rules.
 */
export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_CONTACT_MAX = 32;
export const CUSTOMER_ADDRESS_MAX = 200;
export const CUSTOMER_SOURCE_MAX = 32;
export const CUSTOMER_PHONE_INVALID = '请输入正确的手机号或座机号（如 021-12345678）';

/** returnSoon: the customers that go back to the pool soonest first (those without a countdown last). */
export const CUSTOMER_SORTS = ['lastOrder', 'totalAmount', 'createdAt', 'returnSoon'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/**
 * The answer (404) for a customer the caller cannot reach: another salesperson's (transferred
 * away), another site's, or none at all — one text, so ids reveal nothing, and the same words as
 * the customer page's 不存在或无权查看 (可能已转给他人，或不属于当前站点).
 */
export const CUSTOMER_OUT_OF_REACH = '该客户不在你的客户列表中，可能已转给他人或不属于当前站点';

/** What a customer's QR code holds: this prefix and the customer's QR token. */
export const CUSTOMER_QR_PREFIX = 'XSZS-CUSTOMER:';

export const customerQrPayload = (token: string) => `${CUSTOMER_QR_PREFIX}${token}`;

/** The QR token in a scanned text, or null when the text is not one of our customer codes. */
export function parseCustomerQr(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(CUSTOMER_QR_PREFIX)) return null;
  const token = trimmed.slice(CUSTOMER_QR_PREFIX.length);
  return /^[A-Za-z0-9_-]{8,64}$/.test(token) ? token : null;
}

export const PAGE_SIZE_MAX = 100;

/** Ids are PostgreSQL integers; anything larger can name nothing. */
export const ID_MAX = 2_147_483_647;
