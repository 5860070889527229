/** Every route of DESIGN §2: its path, its Chinese title and how the shell frames it. */
export interface RouteMeta {
  /** Path without the leading slash, exactly as DESIGN §2 writes it ('' is the entry '/'). */
  path: string;
  /** Nav bar title and document.title; empty for pages without a title. */
  title: string;
  /** The page draws its own navigation bar. */
  customNav?: boolean;
  /** The page is one of the tab bar's, or laid out like one. */
  tab?: boolean;
  /** Reachable without logging in. */
  public?: boolean;
}

export const ROUTES = {
  entry: { path: '', title: '首页', customNav: true, tab: true },
  home: { path: 'pages/index/index', title: '首页', customNav: true, tab: true },
  departmentalSalesDetails: { path: 'pages/index/departmentalSalesDetails', title: '部门销售明细' },
  departmentalSalesPerformance: { path: 'pages/index/departmentalSalesPerformance', title: '部门销售业绩' },
  departmentMemberPage: { path: 'pages/index/departmentMemberPage', title: '部门成员' },
  employeePerformanceRanking: { path: 'pages/index/employeePerformanceRanking', title: '员工业绩排行' },
  salesPerformance: { path: 'pages/index/salesPerformance', title: '销售业绩' },
  teamAttendance: { path: 'pages/index/teamAttendance', title: '团队考勤' },
  teamReport: { path: 'pages/index/teamReport', title: '团队报告' },
  weeklyDetails: { path: 'pages/index/weeklyDetails', title: '周报业绩详情' },
  allCustomers: { path: 'pages/details/allCustomers', title: '客户列表' },
  customerDetails: { path: 'pages/details/customerDetails', title: '客户详情' },
  customerDetailsPage: { path: 'pages/details/customerDetailsPage', title: '客户' },
  customerOrderList: { path: 'pages/details/customerOrderList', title: '客户订单' },
  customerPool: { path: 'pages/details/customerPool', title: '公海客户' },
  departmentMembersDetails: { path: 'pages/details/departmentMembersDetails', title: '部门成员详情' },
  employeeOrderList: { path: 'pages/details/employeeOrderList', title: '订单' },
  historicalReportRecords: { path: 'pages/details/historicalReportRecords', title: '历史记录' },
  historyWeekly: { path: 'pages/details/historyWeekly', title: '历史周业绩' },
  orderDetails: { path: 'pages/details/orderDetails', title: '订单详情' },
  orderList: { path: 'pages/details/orderList', title: '订单列表' },
  privacyPolicy: { path: 'pages/details/privacyPolicy', title: '', public: true },
  relationshipBind: { path: 'pages/details/relationshipBind', title: '绑定客户关系' },
  newCustomer: { path: 'pages/details/newCustomer', title: '新建客户' },
  searchPerformance: { path: 'pages/details/searchPerformance', title: '搜索' },
  updateStandard: { path: 'pages/details/updateStandard', title: '编辑业绩标准' },
  viewPdf: { path: 'pages/details/viewPdf', title: '预览PDF' },
  weeklyOrderList: { path: 'pages/details/weeklyOrderList', title: '周报订单列表' },
  login: { path: 'pages/login/index', title: '登录', customNav: true, public: true },
  deregister: { path: 'pages/login/deregister', title: '登录', public: true },
  enterCode: { path: 'pages/login/enterCode', title: '输入验证码', public: true },
  loginAgreement: { path: 'pages/login/agreement/agreement', title: '', public: true },
  my: { path: 'pages/my/index', title: '我的', customNav: true, tab: true },
  addReport: { path: 'pages/my/addReport', title: '添加半月报' },
  platformAgreement: { path: 'pages/my/agreement', title: '平台服务协议', public: true },
  employeeReport: { path: 'pages/my/employeeReport', title: '员工报告' },
  logOut: { path: 'pages/my/logOut', title: '注销账号' },
  messageCenter: { path: 'pages/my/messageCenter', title: '消息中心' },
  scanQRCode: { path: 'pages/my/scanQRCode', title: '扫一扫' },
  setNewPhone: { path: 'pages/my/setNewPhone', title: '设置新手机号' },
  setting: { path: 'pages/my/setting', title: '设置' },
  noticeSettings: { path: 'pages/my/noticeSettings', title: '消息通知' },
  updatePassword: { path: 'pages/my/updatePassword', title: '修改密码' },
  updatePhone: { path: 'pages/my/updatePhone', title: '验证手机号' },
  viewPhone: { path: 'pages/my/viewPhone', title: '手机号' },
  todo: { path: 'pages/my/todo', title: '今日待办' },
  outbox: { path: 'pages/my/outbox', title: '待发送' },
  orderIndex: { path: 'pages/order/index', title: '订单管理', tab: true },
  about: { path: 'pages/order/index11', title: '关于', customNav: true, tab: true },
  orderManagement: { path: 'pages/order/orderManagement', title: '订单管理' },
  orderSalesperson: { path: 'pages/order/salespersonPage', title: '业务员' },
  alova: { path: 'pages/order/alova', title: '请求示例' },
  weeklyReport: { path: 'pages/weeklyReport/index', title: '周报', tab: true },
  weeklyReportCopy: { path: 'pages/weeklyReport/index copy', title: '周报', customNav: true, tab: true },
  weeklySalesperson: { path: 'pages/weeklyReport/salespersonPage', title: '业务员' },
  start: { path: 'pages/start/index', title: '', public: true },
  demo: { path: 'pages-sub/demo/index', title: '' },
} as const satisfies Record<string, RouteMeta>;

export type RouteName = keyof typeof ROUTES;

const ALL_ROUTES: RouteMeta[] = Object.values(ROUTES);

/** The app URL of a route: '/pages/my/index', with an optional query. */
export function routeUrl(name: RouteName, query?: Record<string, string | number | undefined>): string {
  const base = `/${ROUTES[name].path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** The route a location pathname ('/pages/my/index', possibly URL-encoded) belongs to. */
export function findRoute(pathname: string): RouteMeta | undefined {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return ALL_ROUTES.find((route) => route.path === trimmed);
}

/** The name of a route (its key in ROUTES). */
export function routeNameOf(route: RouteMeta): RouteName | undefined {
  return (Object.keys(ROUTES) as RouteName[]).find((name) => ROUTES[name] === route);
}

/** Home and weekly-report pages do not show the current-site badge (SPEC §2). */
export function showsSiteBadge(route: RouteMeta): boolean {
  return route.path !== ROUTES.entry.path && route.path !== ROUTES.home.path && !route.path.startsWith('pages/weeklyReport/');
}

export function isHomeRoute(route: RouteMeta | undefined): boolean {
  return route?.path === ROUTES.entry.path || route?.path === ROUTES.home.path;
}

/**
 * A login redirect target is honoured only when it is a path of this app: no scheme, no host,
 * no protocol-relative or backslash tricks, and a known route.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || /^\/[^?#]*:/.test(target)) return null;
  let parsed: URL;
  try {
    parsed = new URL(target, 'http://app.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://app.invalid') return null;
  const route = findRoute(parsed.pathname);
  if (!route || route.path === ROUTES.login.path) return null;
  return `${parsed.pathname}${parsed.search}`;
}
