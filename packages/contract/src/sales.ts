/**
 * Customers, orders, salespeople, follow-ups and bindings: the API contract of the
 * /seller/fenghe/staff/ calls (DESIGN §4, §5). Money is yuan with up to two decimals.
 */
import Type from 'typebox';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_CONTACT_MAX,
  CUSTOMER_LEVELS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_SOURCE_MAX,
  ORDER_STATUSES,
  FOLLOW_UP_TYPES,
  CUSTOMER_SORTS,
  ID_MAX,
} from './sales-domain.js';
import { Day, Id, Keyword, Nullable, Page, Paged, PageSize, SiteId, Timestamp } from './primitives.js';
import { CheckIn, CheckInInput, CustomerPosition } from './field-work.js';

// Type.Enum keeps the literal union in the static type (a Union over a mapped array widens to never).
const Level = Type.Enum(CUSTOMER_LEVELS);
const Status = Type.Enum(ORDER_STATUSES);
const FollowType = Type.Enum(FOLLOW_UP_TYPES);
export const StaffRef = Type.Object({ id: Type.Integer(), username: Type.String() });
export type StaffRef = Type.Static<typeof StaffRef>;

// Customers

export const CustomerListBody = Type.Object({
  siteId: SiteId,
  page: Page,
  pageSize: PageSize,
  keyword: Keyword,
  ownerId: Type.Optional(Type.Integer({ minimum: 0, maximum: ID_MAX, description: '0 = 未绑定' })),
  level: Type.Optional(Level),
  hasOrders: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(CUSTOMER_SORTS)),
});
export type CustomerListBody = Type.Static<typeof CustomerListBody>;

export const CustomerSummary = Type.Object({
  id: Type.Integer(),
  siteId: Type.Integer(),
  name: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  level: Level,
  owner: Nullable(StaffRef),
  orderCount: Type.Integer(),
  totalAmount: Type.Number(),
  lastOrderAt: Nullable(Timestamp),
  createdAt: Timestamp,
  /**
   * 剩余 N 天: whole days (rounded up) until the site's rules return the customer to the pool;
   * null when it has no owner or the rules of its site do not return customers.
   */
  returnDaysLeft: Nullable(Type.Integer()),
});
export type CustomerSummary = Type.Static<typeof CustomerSummary>;

export const CustomerPage = Paged(CustomerSummary);
export type CustomerPage = Type.Static<typeof CustomerPage>;

export const CustomerDetailBody = Type.Object({ siteId: SiteId, id: Id });
export type CustomerDetailBody = Type.Static<typeof CustomerDetailBody>;

export const CustomerDetail = Type.Object({
  ...CustomerSummary.properties,
  siteName: Type.String(),
  address: Type.String(),
  source: Type.String(),
  remark: Type.String(),
  /** Present for those who may show the code (the owner and leaders of the site). */
  qrPayload: Nullable(Type.String()),
  canManage: Type.Boolean(),
  /** Where the customer is, for 位置偏离 of check-ins; null until a leader sets it or a check-in is confirmed. */
  position: Nullable(CustomerPosition),
});
export type CustomerDetail = Type.Static<typeof CustomerDetail>;

/**
 * 新建客户 (issue 27 §1). A salesperson's customer is theirs; a leader names the owner (a member of
 * the site) or null for the site's 公海 pool. Position is optional (both or neither).
 */
export const CustomerCreateBody = Type.Object({
  siteId: SiteId,
  name: Type.String({ minLength: 1, maxLength: CUSTOMER_NAME_MAX }),
  contactName: Type.String({ minLength: 1, maxLength: CUSTOMER_CONTACT_MAX }),
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  address: Type.Optional(Type.String({ maxLength: CUSTOMER_ADDRESS_MAX })),
  level: Level,
  source: Type.Optional(Type.String({ maxLength: CUSTOMER_SOURCE_MAX })),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  /** Leaders only: the owner, or null for the pool; a salesperson's own customer without it. */
  ownerId: Type.Optional(Nullable(Id)),
});
export type CustomerCreateBody = Type.Static<typeof CustomerCreateBody>;

/**
 * An existing customer a new one would duplicate (查重), as much as the caller may know of it:
 * `mine` — id and name, to open it; `colleague` — the name and the colleague's name, nothing else
 * (no contact data, no id); `pool` — id and name, to claim it on the pool page.
 */
export const CustomerDuplicate = Type.Object({
  relation: Type.Union([Type.Literal('mine'), Type.Literal('colleague'), Type.Literal('pool')]),
  /** null for a colleague's customer (the caller cannot open it). */
  id: Nullable(Type.Integer()),
  name: Type.String(),
  /** The colleague who owns it (colleague), else null. */
  ownerName: Nullable(Type.String()),
  matched: Type.Union([Type.Literal('phone'), Type.Literal('name'), Type.Literal('both')]),
});
export type CustomerDuplicate = Type.Static<typeof CustomerDuplicate>;

/** The 409 of 新建客户 when the customer exists: the envelope's data names the duplicates. */
export const CUSTOMER_DUPLICATE_MESSAGE = '该客户已存在';
export const CustomerDuplicateData = Type.Object({ duplicates: Type.Array(CustomerDuplicate) });
export type CustomerDuplicateData = Type.Static<typeof CustomerDuplicateData>;
export const CustomerDuplicateEnvelope = Type.Object({ code: Type.Literal(409), msg: Type.String(), data: CustomerDuplicateData });

// Orders

export const OrderListBody = Type.Object({
  siteId: SiteId,
  page: Page,
  pageSize: PageSize,
  status: Type.Optional(Type.Union([Status, Type.Literal('closed')], { description: 'closed = 已取消或已退款' })),
  staffId: Type.Optional(Id),
  customerId: Type.Optional(Id),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
  keyword: Keyword,
});
export type OrderListBody = Type.Static<typeof OrderListBody>;

export const OrderSummary = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  siteId: Type.Integer(),
  customer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  staff: Nullable(StaffRef),
  amount: Type.Number(),
  status: Status,
  createdAt: Timestamp,
  paidAt: Nullable(Timestamp),
});
export type OrderSummary = Type.Static<typeof OrderSummary>;

/**
 * An order as a line of sales figures: a sale (+1 and +amount on its paid day) or a refund (−1 and
 * −amount on its refunded day). A report's order list and 部门销售明细's 按订单 list these.
 */
export const OrderLineKind = Type.Union([Type.Literal('sale'), Type.Literal('refund')]);
export type OrderLineKind = Type.Static<typeof OrderLineKind>;
export const OrderLine = Type.Object({
  ...OrderSummary.properties,
  line: OrderLineKind,
  /**
   * The line's own identity in a list (orderLineId): an order paid and refunded in one period is
   * two lines that share the order's `id`, so lists key their rows by this.
   */
  lineId: Type.String(),
  /** The time that puts the line in the period: the paid time of a sale, the refunded time of a refund. */
  at: Timestamp,
  /** What the line adds to the figures: the order's amount for a sale, minus it for a refund. */
  lineAmount: Type.Number(),
});
export type OrderLine = Type.Static<typeof OrderLine>;

/** An order line's identity: its kind and its order's id ('sale-12', 'refund-12'). */
export const orderLineId = (line: OrderLineKind, orderId: number): string => `${line}-${orderId}`;

export const OrderPage = Type.Object({
  ...Paged(OrderSummary).properties,
  /** Totals of the whole filtered set, not just this page. */
  summary: Type.Object({ count: Type.Integer(), amount: Type.Number() }),
});
export type OrderPage = Type.Static<typeof OrderPage>;

/** A customer's orders (customerOrderList): the caller must see the customer. */
export const CustomerOrdersBody = Type.Object({
  siteId: SiteId,
  customerId: Id,
  page: Page,
  pageSize: PageSize,
  status: OrderListBody.properties.status,
});
export type CustomerOrdersBody = Type.Static<typeof CustomerOrdersBody>;

export const OrderDetailBody = Type.Object({ siteId: SiteId, id: Id });
export type OrderDetailBody = Type.Static<typeof OrderDetailBody>;

export const OrderItem = Type.Object({ name: Type.String(), quantity: Type.Integer(), unitPrice: Type.Number(), subtotal: Type.Number() });
export type OrderItem = Type.Static<typeof OrderItem>;

export const OrderDetail = Type.Object({
  ...OrderSummary.properties,
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String(), contactName: Type.String() }),
  items: Type.Array(OrderItem),
  remark: Type.String(),
  shippedAt: Nullable(Timestamp),
  completedAt: Nullable(Timestamp),
  cancelledAt: Nullable(Timestamp),
  refundedAt: Nullable(Timestamp),
});
export type OrderDetail = Type.Static<typeof OrderDetail>;

// Salespeople

export const StaffListBody = Type.Object({ siteId: SiteId, keyword: Keyword });
export type StaffListBody = Type.Static<typeof StaffListBody>;

export const StaffDetailBody = Type.Object({ siteId: SiteId, id: Id });
export type StaffDetailBody = Type.Static<typeof StaffDetailBody>;

// Follow-ups

export const FollowUpListBody = Type.Object({ siteId: SiteId, customerId: Id, page: Page, pageSize: PageSize });
export type FollowUpListBody = Type.Static<typeof FollowUpListBody>;

export const FollowUp = Type.Object({
  id: Type.Integer(),
  customerId: Type.Integer(),
  staff: StaffRef,
  type: FollowType,
  content: Type.String(),
  images: Type.Array(Type.String()),
  nextContactAt: Nullable(Timestamp),
  createdAt: Timestamp,
  /** 拜访签到, when this 拜访 was checked in on the spot. */
  checkIn: Nullable(CheckIn),
});
export type FollowUp = Type.Static<typeof FollowUp>;

export const FollowUpPage = Paged(FollowUp);
export type FollowUpPage = Type.Static<typeof FollowUpPage>;

export const FollowUpCreateBody = Type.Object({
  siteId: SiteId,
  customerId: Id,
  type: FollowType,
  content: Type.String({ minLength: 1, maxLength: 500 }),
  images: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 9 })),
  nextContactAt: Type.Optional(Nullable(Timestamp)),
  /** 拜访签到: only with type 拜访. */
  checkIn: Type.Optional(CheckInInput),
});
export type FollowUpCreateBody = Type.Static<typeof FollowUpCreateBody>;

// Relationship binding

export const BindBody = Type.Object({ siteId: SiteId, customerId: Id, staffId: Id });
export type BindBody = Type.Static<typeof BindBody>;

export const UnbindBody = Type.Object({ siteId: SiteId, customerId: Id });
export type UnbindBody = Type.Static<typeof UnbindBody>;

export const ClaimBody = Type.Object({ siteId: SiteId, qrToken: Type.String({ maxLength: 64 }) });
export type ClaimBody = Type.Static<typeof ClaimBody>;

export const Binding = Type.Object({
  id: Type.Integer(),
  staff: StaffRef,
  boundBy: Nullable(StaffRef),
  /** 绑定 (a leader), 转移, 认领 (by QR code or from the 公海 pool), 分配 (a leader, from the pool), 新建 (its creator). */
  kind: Type.Union([Type.Literal('bind'), Type.Literal('transfer'), Type.Literal('claim'), Type.Literal('assign'), Type.Literal('create')]),
  boundAt: Timestamp,
  unboundAt: Nullable(Timestamp),
  /** How it ended: 转移, 放弃 (to the pool), 自动回收 (a pool rule), 离职, 解绑 (a leader); null while open. */
  unboundReason: Nullable(Type.Union([Type.Literal('transfer'), Type.Literal('release'), Type.Literal('auto_return'), Type.Literal('deactivate'), Type.Literal('unbind')])),
  /** 放弃's reason, a leader's override, or the rule that returned it (未跟进 30 天). */
  unboundNote: Nullable(Type.String()),
});
export type Binding = Type.Static<typeof Binding>;

export const BindingHistoryBody = Type.Object({ siteId: SiteId, customerId: Id });
export const BindingHistory = Type.Object({ list: Type.Array(Binding) });
export type BindingHistory = Type.Static<typeof BindingHistory>;

export const QrResolveBody = Type.Object({ siteId: SiteId, code: Type.String({ maxLength: 200 }) });
export type QrResolveBody = Type.Static<typeof QrResolveBody>;

export const QrResolution = Type.Object({
  customerId: Type.Integer(),
  name: Type.String(),
  owner: Nullable(StaffRef),
  /** The caller may open the customer's page. */
  canView: Type.Boolean(),
  /** The caller is a salesperson of the site and the customer is unbound. */
  canClaim: Type.Boolean(),
});
export type QrResolution = Type.Static<typeof QrResolution>;

// Ingestion from the seller platform

export const IngestItem = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  unitPrice: Type.Number({ minimum: 0, maximum: 10_000_000 }),
});

/** Items one ingested order may have. */
export const INGEST_ITEMS_MAX = 200;

export const IngestOrder = Type.Object({
  orderNo: Type.String({ minLength: 1, maxLength: 40 }),
  siteId: Type.Integer(),
  /** The customer by our id or by the platform's (customerExternalId): exactly one of the two. */
  customerId: Type.Optional(Type.Integer()),
  customerExternalId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  staffId: Type.Optional(Nullable(Type.Integer())),
  status: Status,
  amount: Type.Optional(Type.Number({ minimum: 0 })),
  items: Type.Array(IngestItem, { minItems: 1, maxItems: INGEST_ITEMS_MAX }),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  createdAt: Timestamp,
  paidAt: Type.Optional(Nullable(Timestamp)),
  shippedAt: Type.Optional(Nullable(Timestamp)),
  completedAt: Type.Optional(Nullable(Timestamp)),
  cancelledAt: Type.Optional(Nullable(Timestamp)),
  refundedAt: Type.Optional(Nullable(Timestamp)),
});
export type IngestOrder = Type.Static<typeof IngestOrder>;

/** Rows are validated one by one by the server, so the body only requires an array. */
export const IngestBody = Type.Object({ orders: Type.Array(Type.Unknown(), { minItems: 1, maxItems: 1000 }) });
export type IngestBody = Type.Static<typeof IngestBody>;

export const IngestResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(Type.Object({ index: Type.Integer(), orderNo: Nullable(Type.String()), message: Type.String() })),
});
export type IngestResult = Type.Static<typeof IngestResult>;

// The platform's sites, staff and customers (issue 27 §1): upserted by the platform's external id.

/** The platform's own id of a site, person or customer: kept in external_id, unique where set. */
export const EXTERNAL_ID_MAX = 64;
const ExternalId = Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX });

/** A site; its parent named by the platform's id (null or absent: a top-level site). */
export const SyncSite = Type.Object({
  externalId: ExternalId,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  region: Type.String({ minLength: 1, maxLength: 64 }),
  parentExternalId: Type.Optional(Nullable(ExternalId)),
});
export type SyncSite = Type.Static<typeof SyncSite>;

/** A site named by our id or by the platform's: exactly one of the two. */
const SiteRefFields = { siteId: Type.Optional(Type.Integer()), siteExternalId: Type.Optional(ExternalId) };

/** A person: their positions replace the ones they hold; active false is 离职 (their customers go to the pools). */
export const SyncStaff = Type.Object({
  externalId: ExternalId,
  name: Type.String({ minLength: 1, maxLength: 32 }),
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  positions: Type.Array(Type.Object({ ...SiteRefFields, isLeader: Type.Optional(Type.Boolean()) }), { maxItems: 50 }),
  active: Type.Optional(Type.Boolean()),
});
export type SyncStaff = Type.Static<typeof SyncStaff>;

/**
 * A customer at a site. The owner by phone or by the platform's id; on a new customer neither means
 * the pool. On an existing one, absent keeps the owner and null (either field) returns it to the pool.
 */
export const SyncCustomer = Type.Object({
  externalId: ExternalId,
  ...SiteRefFields,
  name: Type.String({ minLength: 1, maxLength: CUSTOMER_NAME_MAX }),
  contactName: Type.String({ minLength: 1, maxLength: CUSTOMER_CONTACT_MAX }),
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  address: Type.Optional(Type.String({ maxLength: CUSTOMER_ADDRESS_MAX })),
  level: Type.Optional(Level),
  source: Type.Optional(Type.String({ maxLength: CUSTOMER_SOURCE_MAX })),
  ownerPhone: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  ownerExternalId: Type.Optional(Nullable(ExternalId)),
});
export type SyncCustomer = Type.Static<typeof SyncCustomer>;

/** Rows are checked one by one by the server (like orders), so the bodies only require arrays. */
const SyncRows = Type.Array(Type.Unknown(), { minItems: 1, maxItems: 1000 });
export const SyncSitesBody = Type.Object({ sites: SyncRows });
export type SyncSitesBody = Type.Static<typeof SyncSitesBody>;
export const SyncStaffBody = Type.Object({ staff: SyncRows });
export type SyncStaffBody = Type.Static<typeof SyncStaffBody>;
export const SyncCustomersBody = Type.Object({ customers: SyncRows });
export type SyncCustomersBody = Type.Static<typeof SyncCustomersBody>;

export const SyncResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(Type.Object({ index: Type.Integer(), externalId: Nullable(Type.String()), message: Type.String() })),
});
export type SyncResult = Type.Static<typeof SyncResult>;

// Exports (leaders): the list filters as a query string, without paging, and the file format.

/** At most this many rows go into one export; narrow the filters for more. */
export const EXPORT_ROWS_MAX = 50_000;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** csv (UTF-8 with a BOM, the default) or xlsx (an Excel workbook). */
const ExportFormatField = Type.Optional(Type.Enum(EXPORT_FORMATS, { description: 'csv（默认）或 xlsx' }));

export const CustomerExportQuery = Type.Object({ ...Type.Omit(CustomerListBody, ['page', 'pageSize']).properties, format: ExportFormatField });
export type CustomerExportQuery = Type.Static<typeof CustomerExportQuery>;

export const OrderExportQuery = Type.Object({ ...Type.Omit(OrderListBody, ['page', 'pageSize']).properties, format: ExportFormatField });
export type OrderExportQuery = Type.Static<typeof OrderExportQuery>;
