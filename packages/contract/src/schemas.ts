/**
 * The API contract: every request body and response payload, once, as TypeBox schemas.
 * The server validates and serialises with them; the web imports their static types.
 */
import Type from 'typebox';

/** The DESIGN §5 envelope around every response. */
export const Envelope = <T extends Type.TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelope>;

export const Empty = Type.Null();

export const SendMsgScene = Type.Union([Type.Literal('login'), Type.Literal('newPhone')]);
export const SendMsgBody = Type.Object({
  phone: Type.String({ maxLength: 32 }),
  scene: Type.Optional(SendMsgScene),
  /** Scene newPhone only: the changePhone ticket of /seller/user/check (with the session). */
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type SendMsgBody = Type.Static<typeof SendMsgBody>;

export const OwnPhoneScene = Type.Union([Type.Literal('changePhone'), Type.Literal('password'), Type.Literal('deregister')]);
export const SendBody = Type.Object({ scene: OwnPhoneScene });
export type SendBody = Type.Static<typeof SendBody>;

export const SendResult = Type.Object({
  /** Seconds before another code may be requested. */
  resendAfter: Type.Integer(),
  /** The masked phone the code went to. */
  phone: Type.String(),
});
export type SendResult = Type.Static<typeof SendResult>;

export const LoginBody = Type.Object({
  phone: Type.String({ maxLength: 32 }),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
});
export type LoginBody = Type.Static<typeof LoginBody>;

export const AccountInfo = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  phone: Type.String(),
});
export type AccountInfo = Type.Static<typeof AccountInfo>;

export const LoginResult = Type.Object({
  accountInfo: AccountInfo,
  token: Type.String(),
  /** A leader reset the password: the user must choose a new one before anything else works. */
  mustChangePassword: Type.Boolean(),
});
export type LoginResult = Type.Static<typeof LoginResult>;

/** The host apps a staff member can sign in through (issue 28 §1). */
export const HostProvider = Type.Union([Type.Literal('wecom'), Type.Literal('dingtalk')]);
export type HostProvider = Type.Static<typeof HostProvider>;

/** Which host sign-ins the server offers: each only when its app is fully configured. */
export const HostProviders = Type.Object({ wecom: Type.Boolean(), dingtalk: Type.Boolean() });
export type HostProviders = Type.Static<typeof HostProviders>;

export const HostLoginStartBody = Type.Object({
  provider: HostProvider,
  /** 'app': inside the host's own client (企业微信's browser, 钉钉's free sign-in); 'qr': 扫码登录 in a desktop browser. */
  mode: Type.Union([Type.Literal('app'), Type.Literal('qr')]),
  /** Where the provider sends the person back: the phone app or the console (/admin/). */
  client: Type.Union([Type.Literal('web'), Type.Literal('admin')]),
});
export type HostLoginStartBody = Type.Static<typeof HostLoginStartBody>;

export const HostLoginStart = Type.Object({
  /** The OAuth state: single use, ten minutes. */
  state: Type.String(),
  /** Kept by the page that started (never in a URL) and sent back with the code: a code and state carried to another browser open no session there. */
  binding: Type.String(),
  /** The provider's page to open (authorize or QR); absent for 钉钉's free sign-in, which asks the client for a code. */
  url: Type.Optional(Type.String()),
  /** 钉钉's CorpId, which its client's requestAuthCode needs (free sign-in only). */
  corpId: Type.Optional(Type.String()),
});
export type HostLoginStart = Type.Static<typeof HostLoginStart>;

export const HostLoginBody = Type.Object({
  state: Type.String({ maxLength: 128 }),
  binding: Type.String({ maxLength: 128 }),
  /** The provider's one-time authorization code. */
  authCode: Type.String({ maxLength: 256 }),
});
export type HostLoginBody = Type.Static<typeof HostLoginBody>;

export const UserInfoBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 32 })])),
  Version: Type.Optional(Type.String({ maxLength: 32 })),
});
export type UserInfoBody = Type.Static<typeof UserInfoBody>;

export const PositionUserSchema = Type.Object({
  departmentId: Type.Integer(),
  departmentName: Type.String(),
  isLeader: Type.Boolean(),
  drawAuth: Type.Boolean(),
});

export const UserInfo = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  phone: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  positionUsers: Type.Array(PositionUserSchema),
  reportAllSites: Type.Boolean(),
  teamReportAuth: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  /** 系统管理员: may use the admin console (/admin/); grants no sales data by itself. */
  isAdmin: Type.Boolean(),
});
export type UserInfo = Type.Static<typeof UserInfo>;

/** Account flows a ticket of /seller/user/check opens; each is also the scene of its code. */
export const TicketFlow = OwnPhoneScene;
export type TicketFlow = Type.Static<typeof TicketFlow>;
/** Ten minutes, in seconds. */
export const TICKET_TTL_SECONDS = 600;

export const CheckBody = Type.Object({ scene: OwnPhoneScene, code: Type.String({ maxLength: 16 }) });
export type CheckBody = Type.Static<typeof CheckBody>;
export const CheckResult = Type.Object({
  /** Single use, for the next step of the same flow only. */
  ticket: Type.String(),
  expiresIn: Type.Integer(),
});
export type CheckResult = Type.Static<typeof CheckResult>;

export const ResetTelBody = Type.Object({
  ticket: Type.String({ maxLength: 128 }),
  phone: Type.String({ maxLength: 32 }),
  code: Type.String({ maxLength: 16 }),
});
export type ResetTelBody = Type.Static<typeof ResetTelBody>;

export const PasswordUpdateBody = Type.Object({
  password: Type.String({ maxLength: 128 }),
  oldPassword: Type.Optional(Type.String({ maxLength: 128 })),
  /** A password ticket of /seller/user/check, instead of the old password. */
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type PasswordUpdateBody = Type.Static<typeof PasswordUpdateBody>;

export const ResetStaffPasswordBody = Type.Object({ staffId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type ResetStaffPasswordBody = Type.Static<typeof ResetStaffPasswordBody>;
export const ResetStaffPasswordResult = Type.Object({
  /** The masked phone the one-time password went to. */
  phone: Type.String(),
});
export type ResetStaffPasswordResult = Type.Static<typeof ResetStaffPasswordResult>;

export const WriteOffBody = Type.Object({ ticket: Type.String({ maxLength: 128 }) });
export type WriteOffBody = Type.Static<typeof WriteOffBody>;

export const VersionInfo = Type.Object({
  version: Type.String(),
  versionCode: Type.Integer(),
  configVersion: Type.String(),
  buildTime: Type.String(),
  serverTime: Type.String(),
});
export type VersionInfo = Type.Static<typeof VersionInfo>;

export const VersionUpdateBody = Type.Object({
  version: Type.String({ maxLength: 32 }),
  versionCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  platform: Type.Optional(Type.String({ maxLength: 16 })),
});
export type VersionUpdateBody = Type.Static<typeof VersionUpdateBody>;

export const VersionUpdateResult = Type.Object({
  hasUpdate: Type.Boolean(),
  force: Type.Boolean(),
  latestVersion: Type.String(),
  latestVersionCode: Type.Integer(),
  notes: Type.String(),
});
export type VersionUpdateResult = Type.Static<typeof VersionUpdateResult>;

export const UploadResult = Type.Object({
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});
export type UploadResult = Type.Static<typeof UploadResult>;

export const HealthResult = Type.Object({
  status: Type.Literal('ok'),
  database: Type.String(),
  /** Present while the organisation has no administrator: how to create the first one. */
  setup: Type.Optional(Type.String()),
});
export const LiveResult = Type.Object({ status: Type.Literal('ok') });

export const DevSmsQuery = Type.Object({ phone: Type.String({ maxLength: 32 }) });
export const DevSmsResult = Type.Object({ phone: Type.String(), code: Type.String(), scene: Type.String(), createdAt: Type.String() });
export type DevSmsResult = Type.Static<typeof DevSmsResult>;

/** Chinese names of request fields, for validation messages. */
export const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  password: '密码',
  code: '验证码',
  // The host app of a sign-in and the directory of a sync alike.
  provider: '平台（企业微信或钉钉）',
  mode: '登录场景',
  client: '登录端',
  state: '登录状态',
  binding: '登录凭证',
  authCode: '授权码',
  ticket: '验证凭证',
  oldPassword: '原密码',
  scene: '验证码用途',
  id: '编号',
  Version: '版本号',
  version: '版本号',
  versionCode: '版本代码',
  platform: '平台',
  siteId: '站点',
  contactName: '联系人',
  address: '地址',
  source: '客户来源',
  sites: '站点列表',
  staff: '员工列表',
  customers: '客户列表',
  page: '页码',
  pageSize: '每页条数',
  customerId: '客户',
  customerIds: '客户',
  lastOwnerId: '前负责人',
  reason: '原因',
  override: '超限分配',
  staffId: '员工',
  ownerId: '负责人',
  keyword: '搜索关键词',
  level: '客户等级',
  sort: '排序方式',
  hasOrders: '成交筛选',
  scope: '查看范围',
  status: '订单状态',
  staffStatus: '员工状态',
  name: '名称',
  region: '区域',
  parentId: '上级站点',
  username: '姓名',
  positions: '岗位',
  reportAllSites: '全部站点报告权限',
  teamReportAuth: '团队报告权限',
  wecomUserId: '企业微信账号',
  dingtalkUserId: '钉钉账号',
  isAdmin: '系统管理员',
  handovers: '客户交接',
  toStaffId: '接手同事',
  staffRole: '员工角色',
  startDate: '开始日期',
  endDate: '结束日期',
  type: '跟进方式',
  content: '跟进内容',
  images: '图片',
  nextContactAt: '下次联系时间',
  checkIn: '签到',
  latitude: '纬度',
  longitude: '经度',
  accuracy: '定位精度',
  photo: '签到照片',
  followUpId: '跟进记录',
  position: '位置',
  tappedAt: '打卡时间',
  qrToken: '客户二维码',
  orders: '订单',
  periodStart: '报告周期',
  summary: '本周总结',
  plan: '下周计划',
  problems: '问题与支持',
  kind: '报告类型',
  weeks: '周数',
  read: '阅读状态',
  period: '统计周期',
  month: '月份',
  date: '日期',
  metric: '排行指标',
  view: '明细方式',
  order: '排序方向',
  targetAmount: '目标金额',
  targetOrders: '目标订单数',
  targetNewCustomers: '目标新客户数',
  format: '导出类型',
  reportId: '报告',
  commentId: '点评',
  text: '内容',
  all: '全部已读',
  noticeKind: '消息类型',
  enabled: '通知开关',
  endpoint: '推送地址',
  keys: '推送密钥',
  p256dh: '推送密钥',
  auth: '推送密钥',
  expirationTime: '推送有效期',
  host: '宿主应用',
  url: '页面地址',
  action: '操作类型',
  actorId: '操作人',
  actorKeyword: '操作人',
  targetStaffId: '对象员工',
  fileName: '文件名',
  fileBase64: '文件内容',
  // 公海规则 (the console's save: the rules and each rule inside them, issue 27 §3)
  rules: '公海规则',
  ownLimit: '拥有客户上限',
  dailyClaimLimit: '每日领取上限',
  reclaimBlockDays: '前负责人不能领取天数',
  noFollowUpDays: '未跟进回收天数',
  noOrderDays: '未成交回收天数',
  levelDays: '按等级设置',
  warnDays: '提前提醒天数',
  dailySync: '每日同步',
  mappings: '部门映射',
  departmentId: '通讯录部门',
  parentSiteId: '上级站点',
  fingerprint: '预览编号',
};
