/**
 * The admin console's calls (/seller/admin/…): the organisation as administrators see it. Only a
 * 系统管理员 may call them (403 otherwise); they carry no sales figures.
 */
import Type from 'typebox';
import { Day, Keyword, Nullable, Page, PageSize, Paged, SiteId, Timestamp } from './primitives.js';
import { ID_MAX } from './sales-domain.js';

/** 在职, 已停用 (离职: deactivated by an administrator, may be reactivated), 已注销 (the person deleted their own account). */
export const STAFF_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = { active: '在职', inactive: '已停用', deleted: '已注销' };

/** 员工 filter by role: holds a leader position, a salesperson position, or the administrator flag. */
export const STAFF_ROLES = ['leader', 'salesperson', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { leader: '主管', salesperson: '业务员', admin: '系统管理员' };

export const AdminStaffListBody = Type.Object({
  page: Page,
  pageSize: PageSize,
  /** Part of the name or of the phone number. */
  keyword: Keyword,
  siteId: Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX })),
  staffStatus: Type.Optional(Type.Enum(STAFF_STATUSES)),
  staffRole: Type.Optional(Type.Enum(STAFF_ROLES)),
});
export type AdminStaffListBody = Type.Static<typeof AdminStaffListBody>;

export const AdminStaffPosition = Type.Object({
  siteId: Type.Integer(),
  siteName: Type.String(),
  isLeader: Type.Boolean(),
  drawAuth: Type.Boolean(),
});
export type AdminStaffPosition = Type.Static<typeof AdminStaffPosition>;

export const AdminStaffRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  phone: Type.String(),
  status: Type.Enum(STAFF_STATUSES),
  isAdmin: Type.Boolean(),
  reportAllSites: Type.Boolean(),
  teamReportAuth: Type.Boolean(),
  wecomUserId: Type.Union([Type.String(), Type.Null()]),
  /** 钉钉 userid; null = not linked. */
  dingtalkUserId: Type.Union([Type.String(), Type.Null()]),
  positions: Type.Array(AdminStaffPosition),
  /** 加入: when the person joined. */
  createdAt: Timestamp,
  /** 离职: when an administrator deactivated them; null unless inactive. */
  deactivatedAt: Nullable(Timestamp),
});
export type AdminStaffRow = Type.Static<typeof AdminStaffRow>;

export const AdminStaffPage = Paged(AdminStaffRow);
export type AdminStaffPage = Type.Static<typeof AdminStaffPage>;

export const AdminSite = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  region: Type.String(),
  /** The site above it in the tree (华南大区 over 广州一部); null for a top-level site. */
  parentId: Nullable(Type.Integer()),
  /** An archived site is offered in no picker; its history stays readable. */
  archived: Type.Boolean(),
  /** Active staff holding a position there. */
  memberCount: Type.Integer(),
  leaderCount: Type.Integer(),
});
export type AdminSite = Type.Static<typeof AdminSite>;

export const AdminSiteList = Type.Object({ list: Type.Array(AdminSite) });
export type AdminSiteList = Type.Static<typeof AdminSiteList>;

/** A site's name: 1–64 characters, unique among the sites under the same parent that are not archived. */
export const SITE_NAME_MAX = 64;
export const SiteName = Type.String({ minLength: 1, maxLength: SITE_NAME_MAX });
export const SiteRegion = Type.String({ minLength: 1, maxLength: 64 });

/** 新建站点: the server assigns the id; under parentId when given (not an archived site), at the top when absent or null. */
export const AdminSiteCreateBody = Type.Object({ name: SiteName, region: SiteRegion, parentId: Type.Optional(Nullable(SiteId)) });
export type AdminSiteCreateBody = Type.Static<typeof AdminSiteCreateBody>;

/** 重命名: a new name and/or region. */
export const AdminSiteUpdateBody = Type.Object({ id: SiteId, name: Type.Optional(SiteName), region: Type.Optional(SiteRegion) });
export type AdminSiteUpdateBody = Type.Static<typeof AdminSiteUpdateBody>;

/** 移动: under another site (never itself or one below it), or to the top with null. */
export const AdminSiteMoveBody = Type.Object({ id: SiteId, parentId: Nullable(SiteId) });
export type AdminSiteMoveBody = Type.Static<typeof AdminSiteMoveBody>;

/** 归档 / 恢复. */
export const AdminSiteIdBody = Type.Object({ id: SiteId });
export type AdminSiteIdBody = Type.Static<typeof AdminSiteIdBody>;

/** A position as the console sets it: which site, 主管 or 业务员, and 抽单权限. */
export const AdminPositionInput = Type.Object({
  siteId: Type.Integer({ minimum: 1, maximum: ID_MAX }),
  isLeader: Type.Boolean(),
  drawAuth: Type.Boolean(),
});
export type AdminPositionInput = Type.Static<typeof AdminPositionInput>;

/** At most this many positions a person (one per site). */
export const POSITIONS_MAX = 50;

/** 新员工: who they are, where they work, what they may do; a one-time password is sent to the phone. */
export const AdminStaffCreateBody = Type.Object({
  username: Type.String({ maxLength: 32 }),
  /** SPEC §5: a mainland mobile number, unique among active staff. */
  phone: Type.String({ maxLength: 32 }),
  positions: Type.Array(AdminPositionInput, { maxItems: POSITIONS_MAX }),
  reportAllSites: Type.Optional(Type.Boolean()),
  teamReportAuth: Type.Optional(Type.Boolean()),
  /** 企业微信 userid; empty or absent = not linked. */
  wecomUserId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  /** 钉钉 userid; empty or absent = not linked. */
  dingtalkUserId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  isAdmin: Type.Optional(Type.Boolean()),
});
export type AdminStaffCreateBody = Type.Static<typeof AdminStaffCreateBody>;

/** A one-time password went to the person's phone; the console shows it only with the console SMS provider. */
export const AdminOneTimePassword = Type.Object({
  id: Type.Integer(),
  /** The masked phone the one-time password went to. */
  phone: Type.String(),
  /** Present only when SMS is the development console provider (nothing really sent): shown once to the administrator. */
  oneTimePassword: Type.Optional(Type.String()),
});
export type AdminOneTimePassword = Type.Static<typeof AdminOneTimePassword>;

/** One person of the organisation, by id (重置密码). */
export const AdminStaffIdBody = Type.Object({ staffId: Type.Integer({ minimum: 1, maximum: ID_MAX }) });
export type AdminStaffIdBody = Type.Static<typeof AdminStaffIdBody>;

/** Every action the audit log records, with what the console calls it. */
export const AUDIT_ACTION_LABELS = {
  login: '登录',
  'login.failed': '登录失败',
  check: '验证身份',
  'phone.change': '更换手机号',
  'password.change': '修改密码',
  'password.reset': '重置下属密码',
  'password.set': '设置新密码',
  'account.delete': '注销账号',
  'customer.bind': '绑定客户',
  'customer.transfer': '转移客户',
  'customer.unbind': '解绑客户',
  'customer.claim': '扫码认领客户',
  'customer.create': '新建客户',
  'customer.pool.claim': '公海领取客户',
  'customer.release': '放弃客户到公海',
  'customer.assign': '公海分配客户',
  'customer.position': '修正客户位置',
  'standard.update': '修改业绩标准',
  'export.customers': '导出客户',
  'export.orders': '导出订单',
  'site.create': '新建站点',
  'site.update': '重命名站点',
  'site.move': '移动站点',
  'site.archive': '归档站点',
  'site.restore': '恢复站点',
  'staff.create': '新员工',
  'staff.update': '修改员工',
  'staff.deactivate': '员工离职',
  'staff.reactivate': '员工复职',
  'staff.password.reset': '管理员重置密码',
  'staff.import': '批量导入员工',
  'integration.sites': '平台同步站点',
  'integration.staff': '平台同步员工',
  'integration.customers': '平台同步客户',
  'integration.orders': '平台推送订单',
  'customer.import': '导入客户',
  'admin.create': '创建系统管理员',
  'admin.grant': '设为系统管理员',
  'admin.revoke': '取消系统管理员',
  'pool.rules': '修改公海规则',
  'directory.settings': '修改通讯录同步设置',
  'directory.sync': '通讯录同步',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** Families of actions the console filters by: `site.*` is every site.… action. */
export const AUDIT_ACTION_GROUPS = {
  'site.*': '组织架构（全部）',
  'staff.*': '员工（全部）',
  'admin.*': '系统管理员（全部）',
  'login.*': '登录（全部）',
  'password.*': '密码（全部）',
  'customer.*': '客户（全部）',
  'export.*': '导出（全部）',
  'integration.*': '平台同步（全部）',
  'pool.*': '公海（全部）',
  'directory.*': '通讯录同步（全部）',
} as const;
export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;

/** What the fields of an entry's before and after are called in the console. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: '编号',
  name: '名称',
  region: '区域',
  parentId: '上级站点',
  parentName: '上级站点名称',
  archived: '已归档',
  username: '姓名',
  phone: '手机号',
  positions: '岗位',
  reportAllSites: '全部站点报告',
  teamReportAuth: '团队报告',
  isAdmin: '系统管理员',
  wecomUserId: '企业微信账号',
  dingtalkUserId: '钉钉账号',
  status: '状态',
  password: '密码',
  rows: '行数',
  people: '人员',
  fileName: '文件',
  created: '已导入',
  bound: '有负责人',
  pooled: '进入公海',
  failed: '未导入',
  customers: '客户交接',
  siteId: '站点',
  ownLimit: '拥有客户上限',
  dailyClaimLimit: '每日领取上限',
  reclaimBlockDays: '前负责人不能领取天数',
  noFollowUpDays: '未跟进回收天数',
  noOrderDays: '未成交回收天数',
  levelDays: '按等级设置',
  warnDays: '提前提醒天数',
};

/** 操作日志: one page of the audit log, newest first, filtered. */
export const AdminAuditListBody = Type.Object({
  page: Page,
  pageSize: PageSize,
  /** One action (`site.move`) or a family (`site.*`). */
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS, ...(Object.keys(AUDIT_ACTION_GROUPS) as AuditActionGroup[])])),
  /** Who did it, by id. */
  actorId: Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX })),
  /** Who did it, by part of their name or phone. */
  actorKeyword: Keyword,
  /** The person it was about. */
  targetStaffId: Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX })),
  /** China calendar days, both included. */
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
});
export type AdminAuditListBody = Type.Static<typeof AdminAuditListBody>;

/** A before or after: field → plain value. */
export const AuditValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]));
export type AuditValues = Type.Static<typeof AuditValues>;

const AuditPerson = Type.Object({ id: Type.Integer(), username: Type.String(), phone: Type.String() });

export const AdminAuditRow = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  action: Type.String(),
  /** Null when nobody could be named (a failed login of an unknown phone, the command line). */
  actor: Nullable(AuditPerson),
  target: Nullable(AuditPerson),
  detail: Type.String(),
  ip: Type.String(),
  before: Nullable(AuditValues),
  after: Nullable(AuditValues),
});
export type AdminAuditRow = Type.Static<typeof AdminAuditRow>;

export const AdminAuditPage = Paged(AdminAuditRow);
export type AdminAuditPage = Type.Static<typeof AdminAuditPage>;

/** The staff import's columns, in the template's order; 姓名, 手机号, 站点 and 角色 are required. */
export const STAFF_IMPORT_COLUMNS = ['姓名', '手机号', '站点', '角色', '抽单权限', '企业微信账号', '钉钉账号'] as const;
/** 角色 as written in the file. */
export const STAFF_IMPORT_ROLES = { 主管: true, 业务员: false } as const;
/** At most this many people a file, and this many bytes of file. */
export const STAFF_IMPORT_ROWS_MAX = 500;
export const STAFF_IMPORT_BYTES_MAX = 1024 * 1024;
/** The file as base64 in the body: 4 characters for every 3 bytes. */
export const STAFF_IMPORT_BASE64_MAX = Math.ceil(STAFF_IMPORT_BYTES_MAX / 3) * 4;
export const STAFF_IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type StaffImportFormat = (typeof STAFF_IMPORT_FORMATS)[number];

/** 下载模板. */
export const AdminStaffImportTemplateBody = Type.Object({ format: Type.Enum(STAFF_IMPORT_FORMATS) });
export type AdminStaffImportTemplateBody = Type.Static<typeof AdminStaffImportTemplateBody>;

/** An .xlsx or .csv file, base64 in JSON (1 MB of file at most). */
export const AdminStaffImportBody = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileBase64: Type.String({ minLength: 1, maxLength: STAFF_IMPORT_BASE64_MAX, pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
});
export type AdminStaffImportBody = Type.Static<typeof AdminStaffImportBody>;

export const AdminStaffImportRow = Type.Object({
  /** The row's line in the file (the header is line 1). */
  line: Type.Integer(),
  username: Type.String(),
  phone: Type.String(),
  site: Type.String(),
  role: Type.String(),
  drawAuth: Type.Boolean(),
  wecomUserId: Type.String(),
  dingtalkUserId: Type.String(),
  /** What is wrong with the row, in Chinese; empty when it can be imported. */
  problems: Type.Array(Type.String()),
});
export type AdminStaffImportRow = Type.Static<typeof AdminStaffImportRow>;

export const AdminStaffImportPreview = Type.Object({
  rows: Type.Array(AdminStaffImportRow),
  /** Rows with at least one problem: applying is refused while any has. */
  problemRows: Type.Integer(),
});
export type AdminStaffImportPreview = Type.Static<typeof AdminStaffImportPreview>;

export const AdminStaffImportResult = Type.Object({
  created: Type.Integer(),
  /** Each person and where their one-time password went (the password itself only with the console SMS provider). */
  people: Type.Array(Type.Intersect([AdminOneTimePassword, Type.Object({ username: Type.String() })])),
});
export type AdminStaffImportResult = Type.Static<typeof AdminStaffImportResult>;
/**
 * The customer import's columns (issue 27 §1), in the template's order. 客户名称, 电话 and 站点 must
 * be filled in; 负责人手机号 empty puts the customer into its site's 公海 pool.
 */
export const CUSTOMER_IMPORT_COLUMNS = ['客户名称', '联系人', '电话', '地址', '等级', '来源', '站点', '负责人手机号'] as const;
/** At most this many customers a file in the console (larger files: npm run import:customers), and this many bytes of file. */
export const CUSTOMER_IMPORT_ROWS_MAX = 50_000;
export const CUSTOMER_IMPORT_BYTES_MAX = 8 * 1024 * 1024;
export const CUSTOMER_IMPORT_BASE64_MAX = Math.ceil(CUSTOMER_IMPORT_BYTES_MAX / 3) * 4;

/** An .xlsx or .csv file of customers, base64 in JSON (8 MB of file at most). */
export const AdminCustomerImportBody = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileBase64: Type.String({ minLength: 1, maxLength: CUSTOMER_IMPORT_BASE64_MAX, pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
});
export type AdminCustomerImportBody = Type.Static<typeof AdminCustomerImportBody>;

/** What a row duplicates (查重): an earlier row of the file, or a customer of the same site already in the database. */
export const AdminCustomerImportDuplicate = Type.Object({
  /** The earlier row's line, when the duplicate is in the file. */
  line: Nullable(Type.Integer()),
  /** The existing customer, when the duplicate is in the database. */
  customerId: Nullable(Type.Integer()),
  name: Type.String(),
  /** The existing customer's owner; null when it is in the pool (or the duplicate is a row of the file). */
  ownerName: Nullable(Type.String()),
  matched: Type.Enum(['phone', 'name', 'both']),
});
export type AdminCustomerImportDuplicate = Type.Static<typeof AdminCustomerImportDuplicate>;

export const AdminCustomerImportRow = Type.Object({
  /** The row's line in the file (the header is line 1). */
  line: Type.Integer(),
  name: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  level: Type.String(),
  source: Type.String(),
  site: Type.String(),
  ownerPhone: Type.String(),
  /** What is wrong with the row, in Chinese. */
  problems: Type.Array(Type.String()),
  /** What it duplicates. A row is imported only with neither problems nor duplicates. */
  duplicates: Type.Array(AdminCustomerImportDuplicate),
});
export type AdminCustomerImportRow = Type.Static<typeof AdminCustomerImportRow>;

const DUPLICATE_MATCHED = { phone: '电话相同', name: '名称相同', both: '电话和名称都相同' } as const;

/** A duplicate in words, as the console and the error file show it. */
export function describeImportDuplicate(duplicate: AdminCustomerImportDuplicate): string {
  if (duplicate.line !== null) return `与第 ${duplicate.line} 行重复（${DUPLICATE_MATCHED[duplicate.matched]}）`;
  const owner = duplicate.ownerName ? `负责人 ${duplicate.ownerName}` : '在公海';
  return `与已有客户“${duplicate.name}”（编号 ${duplicate.customerId ?? ''}，${owner}）重复（${DUPLICATE_MATCHED[duplicate.matched]}）`;
}

export const AdminCustomerImportPreview = Type.Object({
  rows: Type.Array(AdminCustomerImportRow),
  /** Rows that 导入 would write. */
  goodRows: Type.Integer(),
  /** Rows with a problem or a duplicate: left out and handed back in the error file. */
  problemRows: Type.Integer(),
});
export type AdminCustomerImportPreview = Type.Static<typeof AdminCustomerImportPreview>;

export const AdminCustomerImportResult = Type.Object({
  created: Type.Integer(),
  /** Of those created: with an owner, and into the pool. */
  bound: Type.Integer(),
  pooled: Type.Integer(),
  /** Rows not imported, each in the error file with its 错误. */
  failed: Type.Integer(),
  /** The rows not imported, in the uploaded file's format with an extra 错误 column; null when every row was imported. */
  errorFile: Nullable(Type.Object({ fileName: Type.String(), fileBase64: Type.String() })),
});
export type AdminCustomerImportResult = Type.Static<typeof AdminCustomerImportResult>;

/**
 * Where a leaving person's customers of one site go: to `toStaffId`, an active colleague holding a
 * position at that site, or with `toStaffId` null back to the site unbound (退回站点: no owner, the
 * customers stay at the site).
 */
export const AdminHandover = Type.Object({
  siteId: SiteId,
  toStaffId: Nullable(Type.Integer({ minimum: 1, maximum: ID_MAX })),
});
export type AdminHandover = Type.Static<typeof AdminHandover>;

/**
 * 编辑 / 调岗: only the fields given change. `positions` replaces the whole set (existing sites
 * that are not archived); for each site the person leaves where they own customers, `handovers`
 * must say where those customers go, in the same transaction.
 */
export const AdminStaffUpdateBody = Type.Object({
  staffId: Type.Integer({ minimum: 1, maximum: ID_MAX }),
  username: Type.Optional(Type.String({ maxLength: 32 })),
  positions: Type.Optional(Type.Array(AdminPositionInput, { maxItems: POSITIONS_MAX })),
  reportAllSites: Type.Optional(Type.Boolean()),
  teamReportAuth: Type.Optional(Type.Boolean()),
  wecomUserId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  dingtalkUserId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  isAdmin: Type.Optional(Type.Boolean()),
  handovers: Type.Optional(Type.Array(AdminHandover, { maxItems: POSITIONS_MAX })),
});
export type AdminStaffUpdateBody = Type.Static<typeof AdminStaffUpdateBody>;

/** 离职: the person and, for every site where they own customers, where those customers go. */
export const AdminStaffDeactivateBody = Type.Object({
  staffId: Type.Integer({ minimum: 1, maximum: ID_MAX }),
  handovers: Type.Array(AdminHandover, { maxItems: POSITIONS_MAX }),
});
export type AdminStaffDeactivateBody = Type.Static<typeof AdminStaffDeactivateBody>;

/** The person as they now read in 员工. */
export const AdminStaffResult = Type.Object({ staff: AdminStaffRow });
export type AdminStaffResult = Type.Static<typeof AdminStaffResult>;

/** What a handover involves at one site: how many customers the person owns there, and who may take them. */
export const AdminHandoverSite = Type.Object({
  siteId: Type.Integer(),
  siteName: Type.String(),
  customerCount: Type.Integer(),
  /** The site's other active members, who may take the customers. */
  colleagues: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() })),
});
export type AdminHandoverSite = Type.Static<typeof AdminHandoverSite>;

/** 交接: every site where the person holds a position or owns customers. */
export const AdminHandoverInfo = Type.Object({ sites: Type.Array(AdminHandoverSite) });
export type AdminHandoverInfo = Type.Static<typeof AdminHandoverInfo>;

/**
 * 系统设置: how this server is configured, read-only — what its environment variables turned on
 * (README, Configuration). Never a secret: no keys, passwords or tokens, only whether they are set.
 */
export const AdminSettings = Type.Object({
  database: Type.Enum(['pglite', 'postgres']),
  /** Redis shared by the instances (sessions' invalidation, throttles). */
  redis: Type.Boolean(),
  sms: Type.Object({
    provider: Type.Enum(['console', 'aliyun']),
    /** The Aliyun sign name (签名) the texts carry; null with the console provider. */
    signName: Nullable(Type.String()),
  }),
  notices: Type.Object({
    /** 企业微信 self-built app messages: the corp id and agent id when configured. */
    wecom: Nullable(Type.Object({ corpId: Type.String(), agentId: Type.Integer() })),
    /** 钉钉 work notices (and sign-in, directory, JS-API): the corp id and agent id when configured. */
    dingtalk: Nullable(Type.Object({ corpId: Type.String(), agentId: Type.Integer() })),
    /** Sites with a 企业微信 group robot for the site-wide notices. */
    wecomRobotSites: Type.Array(Type.Integer()),
    /** SMS notices (report due, 催交) and their daily cap per person; null when off. */
    smsDailyCap: Nullable(Type.Integer()),
    webPush: Type.Boolean(),
    publicUrl: Nullable(Type.String()),
    /** This instance runs the timed work (reminders) and the delivery worker. */
    scheduler: Type.Boolean(),
    dispatcher: Type.Boolean(),
  }),
  /** The seller platform may push orders (an integration key is set). */
  orderIntegration: Type.Boolean(),
  sessionDays: Type.Integer(),
  maxUploadBytes: Type.Integer(),
  visitDeviationMeters: Type.Integer(),
});
export type AdminSettings = Type.Static<typeof AdminSettings>;
