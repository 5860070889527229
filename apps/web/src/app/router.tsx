import { type RouteObject, UNSAFE_createHashHistory, useLocation, useRoutes } from 'react-router';
import { ROUTES, type RouteName } from '../config/paths';
import type { AppHistory } from '../lib/navigation';
import { usePageVisit } from './history-router';
import { LazyPage, preload, type PageLoader } from './shell/lazy-page';
import { PageFrame } from './shell/page-frame';
import { RootLayout } from './shell/root-layout';
import { RouteErrorBoundary } from './shell/route-error-boundary';

/**
 * A page's loader that also loads what every page but login needs: the pages' styles (pages.css)
 * and the query client, whose provider wraps the page. The login page does without both.
 */
const styled =
  (load: PageLoader): PageLoader =>
  () =>
    Promise.all([import('./pages.css'), import('./query-provider'), load()]).then(([, { withQueries }, page]) => ({ default: withQueries(page.default) }));

const notFound: PageLoader = () => import('./shell/not-found').then((module) => ({ default: module.NotFound }));

const home: PageLoader = () => import('./routes/home');

// 客户详情 and 客户 are one page.
const customerDetails: PageLoader = () => import('./routes/customer-details');

/** Each route's page, loaded on demand. */
const PAGES: Record<RouteName, PageLoader> = {
  entry: home,
  home,
  departmentalSalesDetails: () => import('./routes/departmental-sales-details'),
  departmentalSalesPerformance: () => import('./routes/departmental-sales-performance'),
  departmentMemberPage: () => import('./routes/department-member-page'),
  employeePerformanceRanking: () => import('./routes/employee-performance-ranking'),
  salesPerformance: () => import('./routes/sales-performance'),
  teamAttendance: () => import('./routes/team-attendance'),
  teamReport: () => import('./routes/team-report'),
  weeklyDetails: () => import('./routes/weekly-details'),
  allCustomers: () => import('./routes/all-customers'),
  customerDetails: customerDetails,
  customerDetailsPage: customerDetails,
  customerOrderList: () => import('./routes/customer-order-list'),
  customerPool: () => import('./routes/customer-pool'),
  departmentMembersDetails: () => import('./routes/department-members-details'),
  employeeOrderList: () => import('./routes/employee-order-list'),
  historicalReportRecords: () => import('./routes/historical-report-records'),
  historyWeekly: () => import('./routes/history-weekly'),
  orderDetails: () => import('./routes/order-details'),
  orderList: () => import('./routes/order-list'),
  privacyPolicy: () => import('./routes/privacy-policy'),
  relationshipBind: () => import('./routes/relationship-bind'),
  newCustomer: () => import('./routes/new-customer'),
  searchPerformance: () => import('./routes/search-performance'),
  updateStandard: () => import('./routes/update-standard'),
  viewPdf: () => import('./routes/view-pdf'),
  weeklyOrderList: () => import('./routes/weekly-order-list'),
  login: () => import('./routes/login'),
  deregister: () => import('./routes/deregister'),
  enterCode: () => import('./routes/enter-code'),
  loginAgreement: () => import('./routes/user-agreement'),
  my: () => import('./routes/my'),
  addReport: () => import('./routes/add-report'),
  platformAgreement: () => import('./routes/platform-agreement'),
  employeeReport: () => import('./routes/employee-report'),
  logOut: () => import('./routes/log-out'),
  messageCenter: () => import('./routes/message-center'),
  scanQRCode: () => import('./routes/scan-qr-code'),
  setNewPhone: () => import('./routes/set-new-phone'),
  setting: () => import('./routes/setting'),
  noticeSettings: () => import('./routes/notice-settings'),
  updatePassword: () => import('./routes/update-password'),
  updatePhone: () => import('./routes/update-phone'),
  viewPhone: () => import('./routes/view-phone'),
  todo: () => import('./routes/todo'),
  outbox: () => import('./routes/outbox'),
  orderIndex: () => import('./routes/order-index'),
  about: () => import('./routes/about'),
  orderManagement: () => import('./routes/order-management'),
  orderSalesperson: () => import('./routes/order-salesperson'),
  alova: () => import('./routes/alova'),
  weeklyReport: () => import('./routes/weekly-report'),
  weeklyReportCopy: () => import('./routes/weekly-report-copy'),
  weeklySalesperson: () => import('./routes/weekly-salesperson'),
  start: () => import('./routes/start'),
  demo: () => import('../pages-sub/demo/index'),
};

/** Each route's loader as the router uses it: every page but login brings the pages' styles and the query client. */
const LOADERS = Object.fromEntries(
  (Object.keys(PAGES) as RouteName[]).map((name) => [name, name === 'login' ? PAGES[name] : styled(PAGES[name])]),
) as Record<RouteName, PageLoader>;
const notFoundPage = styled(notFound);

/** Loads a route's page ahead of its first render (main.tsx, the prerendered login page). */
export const preloadPage = (name: RouteName): Promise<void> => preload(LOADERS[name]);

/**
 * A route's page in its frame, keyed by the route and the visit: without the route React reuses one
 * PageFrame/LazyPage across routes and a page loaded before keeps showing the previous page's
 * content; without the visit a route opened again before React drew the page in between keeps the
 * page of the earlier visit with its state (history-router.tsx).
 */
function RoutePage({ name }: { name: RouteName }) {
  const visit = usePageVisit();
  return (
    <PageFrame key={`${name}:${visit ?? ''}`} route={ROUTES[name]}>
      <LazyPage loader={LOADERS[name]} />
    </PageFrame>
  );
}

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = (Object.keys(ROUTES) as RouteName[]).map((name) => ({ path: `/${ROUTES[name].path}`, element: <RoutePage name={name} /> }));
  return [{ element: <RootLayout />, children: [...pages, { path: '*', element: <LazyPage loader={notFoundPage} /> }] }];
}

const routes = buildRoutes();

/**
 * The app's routes under react-router's declarative router: the app uses no loaders, actions or
 * fetchers, and the data router that serves them is about 16 KB gzip of the first load. An error
 * while rendering a page shows the page-load error view, as the data router's errorElement did.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

/** The hash history the app navigates with (lib/navigation.ts) and renders from (main.tsx). */
export const createAppHistory = (): AppHistory => UNSAFE_createHashHistory({ window, v5Compat: true });
