/**
 * The endpoint table: every /seller endpoint with its request and response schemas. The server
 * registers each route from its entry (schemas and operationId), the web's `call` takes its body
 * and response types from it, and e2e calls through it, so a path, its schemas and its name are
 * written once. Responses are the `data` of the DESIGN §5 envelope; `file` endpoints answer a
 * file instead (exports, PDFs, uploaded images).
 */
import Type from 'typebox';
import {
  AttendanceClockBody,
  AttendanceClockWriteBody,
  AttendanceDay,
  AttendanceDayBody,
  AttendanceMonth,
  AttendanceMonthBody,
  AttendanceToday,
  AttendanceVisits,
  AttendanceVisitsBody,
} from './attendance.js';
import {
  MemberDetail,
  MemberDetailBody,
  MemberList,
  MemberListBody,
  StaffList,
  StaffSummary,
} from './members.js';
import {
  HomeBody,
  HomeDashboard,
  PerformanceSearchBody,
  PerformanceSearchResult,
  PerformanceSites,
  PerformanceSitesBody,
  PersonFigures,
  PersonFiguresBody,
  Ranking,
  RankingBody,
  SalesDetails,
  SalesDetailsBody,
  SiteFigures,
  SiteFiguresBody,
} from './performance.js';
import {
  StandardHistory,
  StandardHistoryBody,
  Standards,
  StandardsBody,
  StandardUpdateBody,
} from './standards.js';
import { NoticeListBody, NoticePage, NoticeReadBody, NoticeReadResult, NoticeUnread, NoticeUnreadBody } from './notices.js';
import {
  ReportCreateBody,
  ReportDetail,
  ReportIdBody,
  ReportListBody,
  ReportOrders,
  ReportOrdersBody,
  ReportPage,
  ReportPdfQuery,
  ReportPeriodBody,
  ReportPreview,
  ReportSeries,
  ReportSeriesBody,
  ReportUpdateBody,
  TeamReport,
  TeamReportBody,
  TeamReportPdfQuery,
} from './reports.js';
import {
  ReportCommentBody,
  ReportCommentReplyBody,
  ReportFeedback,
  ReportFeedbackBody,
  ReportRemindBody,
  ReportRemindResult,
} from './report-feedback.js';
import { NoticeSettings, NoticeSettingsUpdateBody, PushKey, PushSubscribeBody, PushUnsubscribeBody } from './notice-settings.js';
import { HostJsapiConfig, HostJsapiConfigBody } from './host-jsapi.js';
import * as routes from './routes.js';
import {
  AdminAuditListBody,
  AdminAuditPage,
  AdminOneTimePassword,
  AdminSite,
  AdminSiteCreateBody,
  AdminSiteIdBody,
  AdminSiteList,
  AdminSiteMoveBody,
  AdminSiteUpdateBody,
  AdminStaffCreateBody,
  AdminStaffIdBody,
  AdminStaffImportBody,
  AdminCustomerImportBody,
  AdminCustomerImportPreview,
  AdminCustomerImportResult,
  AdminStaffImportPreview,
  AdminStaffImportResult,
  AdminStaffImportTemplateBody,
  AdminStaffUpdateBody,
  AdminStaffDeactivateBody,
  AdminStaffResult,
  AdminHandoverInfo,
  AdminStaffListBody,
  AdminStaffPage,
  AdminSettings,
} from './admin.js';
import { CustomerPositionBody, CustomerPositionResult } from './field-work.js';
import { PoolAssignBody, PoolAssignResult, PoolClaimBody, PoolLastOwners, PoolListBody, PoolPage, PoolReleaseBody, PoolReleaseResult, PoolRules, PoolSiteBody } from './pool.js';
import { FollowUpDue, FollowUpDueBody } from './todo.js';
import { AdminPoolRulesList, AdminPoolRulesSaveBody, AdminPoolRulesSite } from './pool-return.js';
import { AdminDirectoryApplyBody, AdminDirectoryApplyResult, AdminDirectoryPlan, AdminDirectorySaveBody, AdminDirectoryStatus, AdminDirectoryTree, AdminDirectoryTreeBody } from './directory.js';
import {
  BindBody,
  BindingHistory,
  BindingHistoryBody,
  ClaimBody,
  CustomerCreateBody,
  CustomerDetail,
  CustomerDetailBody,
  CustomerExportQuery,
  CustomerListBody,
  CustomerOrdersBody,
  CustomerPage,
  FollowUp,
  FollowUpCreateBody,
  FollowUpListBody,
  FollowUpPage,
  IngestBody,
  IngestResult,
  SyncCustomersBody,
  SyncResult,
  SyncSitesBody,
  SyncStaffBody,
  OrderDetail,
  OrderDetailBody,
  OrderExportQuery,
  OrderListBody,
  OrderPage,
  QrResolution,
  QrResolveBody,
  StaffDetailBody,
  StaffListBody,
  UnbindBody,
} from './sales.js';
import {
  AccountInfo,
  CheckBody,
  CheckResult,
  LoginBody,
  LoginResult,
  HostLoginBody,
  HostLoginStart,
  HostLoginStartBody,
  HostProviders,
  PasswordUpdateBody,
  ResetStaffPasswordBody,
  ResetStaffPasswordResult,
  ResetTelBody,
  SendBody,
  SendMsgBody,
  SendResult,
  UploadResult,
  UserInfo,
  UserInfoBody,
  VersionInfo,
  VersionUpdateBody,
  VersionUpdateResult,
  WriteOffBody,
} from './schemas.js';

/** What an endpoint takes and answers; a `file` endpoint answers a file, not an envelope. */
interface Spec {
  body?: Type.TSchema;
  query?: Type.TSchema;
  params?: Type.TSchema;
  response?: Type.TSchema;
  file?: true;
  /** A create call made in the field: it takes an Idempotency-Key (field-work.ts) and may be queued offline. */
  idempotent?: true;
}

const post = <P extends string, S extends Spec>(path: P, spec: S) => ({ method: 'POST' as const, path, ...spec });
const get = <P extends string, S extends Spec>(path: P, spec: S) => ({ method: 'GET' as const, path, ...spec });

/** One report kind's endpoints, named `weeklyReportList`, `halfMonthReportList`, … */
const reportEndpoints = <K extends string, B extends string>(kind: K, report: routes.ReportRoutes<B>) => {
  const table = {
    preview: post(report.preview, { body: ReportPeriodBody, response: ReportPreview }),
    create: post(report.create, { body: ReportCreateBody, response: ReportDetail, idempotent: true }),
    list: post(report.list, { body: ReportListBody, response: ReportPage }),
    detail: post(report.detail, { body: ReportIdBody, response: ReportDetail }),
    update: post(report.update, { body: ReportUpdateBody, response: ReportDetail }),
    delete: post(report.delete, { body: ReportIdBody, response: Type.Object({ id: Type.Integer() }) }),
    orders: post(report.orders, { body: ReportOrdersBody, response: ReportOrders }),
    series: post(report.series, { body: ReportSeriesBody, response: ReportSeries }),
    team: post(report.team, { body: TeamReportBody, response: TeamReport }),
    pdf: get(report.pdf, { query: ReportPdfQuery, file: true }),
    teamPdf: get(report.teamPdf, { query: TeamReportPdfQuery, file: true }),
    comment: post(report.comment, { body: ReportCommentBody, response: ReportFeedback }),
    commentList: post(report.commentList, { body: ReportFeedbackBody, response: ReportFeedback }),
    commentReply: post(report.commentReply, { body: ReportCommentReplyBody, response: ReportFeedback }),
    like: post(report.like, { body: ReportFeedbackBody, response: ReportFeedback }),
    remind: post(report.remind, { body: ReportRemindBody, response: ReportRemindResult }),
  };
  const named = Object.entries(table).map(([operation, entry]) => [`${kind}Report${operation.charAt(0).toUpperCase()}${operation.slice(1)}`, entry]);
  return Object.fromEntries(named) as { [Operation in keyof typeof table as `${K}Report${Capitalize<Operation>}`]: (typeof table)[Operation] };
};

/** Every /seller endpoint under its operation name (the OpenAPI operationId). */
const TABLE = {
  userSendCode: post(routes.userSendCode, { body: SendMsgBody, response: SendResult }),
  userSendOwnCode: post(routes.userSendOwnCode, { body: SendBody, response: SendResult }),
  userLogin: post(routes.userLogin, { body: LoginBody, response: LoginResult }),
  userHostProviders: get(routes.userHostProviders, { response: HostProviders }),
  userHostLoginStart: post(routes.userHostLoginStart, { body: HostLoginStartBody, response: HostLoginStart }),
  userHostLogin: post(routes.userHostLogin, { body: HostLoginBody, response: LoginResult }),
  // The body may be left out (the server reads it as {}).
  userInfo: post(routes.userInfo, { body: Type.Optional(UserInfoBody), response: UserInfo }),
  userLogout: post(routes.userLogout, { response: Type.Null() }),
  userCheckCode: post(routes.userCheckCode, { body: CheckBody, response: CheckResult }),
  userResetPhone: post(routes.userResetPhone, { body: ResetTelBody, response: AccountInfo }),
  userUpdatePassword: post(routes.userUpdatePassword, { body: PasswordUpdateBody, response: Type.Null() }),
  userResetStaffPassword: post(routes.userResetStaffPassword, { body: ResetStaffPasswordBody, response: ResetStaffPasswordResult }),
  userDelete: post(routes.userDelete, { body: WriteOffBody, response: Type.Null() }),

  versionInfo: get(routes.versionInfo, { response: VersionInfo }),
  versionUpdate: post(routes.versionUpdate, { body: VersionUpdateBody, response: VersionUpdateResult }),

  uploadImage: post(routes.uploadImage, { response: UploadResult, idempotent: true }),
  uploadFile: get(routes.uploadFile, { params: Type.Object({ key: Type.String({ maxLength: 64 }) }), file: true }),

  customerList: post(routes.customerList, { body: CustomerListBody, response: CustomerPage }),
  customerDetail: post(routes.customerDetail, { body: CustomerDetailBody, response: CustomerDetail }),
  customerOrders: post(routes.customerOrders, { body: CustomerOrdersBody, response: OrderPage }),
  customerBindings: post(routes.customerBindings, { body: BindingHistoryBody, response: BindingHistory }),
  customerBind: post(routes.customerBind, { body: BindBody, response: CustomerDetail }),
  customerUnbind: post(routes.customerUnbind, { body: UnbindBody, response: CustomerDetail }),
  customerCreate: post(routes.customerCreate, { body: CustomerCreateBody, response: CustomerDetail, idempotent: true }),
  customerClaim: post(routes.customerClaim, { body: ClaimBody, response: CustomerDetail }),
  customerQrResolve: post(routes.customerQrResolve, { body: QrResolveBody, response: QrResolution }),
  customerPosition: post(routes.customerPosition, { body: CustomerPositionBody, response: CustomerPositionResult }),
  customerExport: get(routes.customerExport, { query: CustomerExportQuery, file: true }),
  poolList: post(routes.poolList, { body: PoolListBody, response: PoolPage }),
  poolLastOwners: post(routes.poolLastOwners, { body: PoolSiteBody, response: PoolLastOwners }),
  poolRules: post(routes.poolRules, { body: PoolSiteBody, response: PoolRules }),
  poolClaim: post(routes.poolClaim, { body: PoolClaimBody, response: CustomerDetail }),
  poolRelease: post(routes.poolRelease, { body: PoolReleaseBody, response: PoolReleaseResult }),
  poolAssign: post(routes.poolAssign, { body: PoolAssignBody, response: PoolAssignResult }),
  orderList: post(routes.orderList, { body: OrderListBody, response: OrderPage }),
  orderDetail: post(routes.orderDetail, { body: OrderDetailBody, response: OrderDetail }),
  orderExport: get(routes.orderExport, { query: OrderExportQuery, file: true }),
  followUpList: post(routes.followUpList, { body: FollowUpListBody, response: FollowUpPage }),
  followUpCreate: post(routes.followUpCreate, { body: FollowUpCreateBody, response: FollowUp, idempotent: true }),
  followUpDue: post(routes.followUpDue, { body: FollowUpDueBody, response: FollowUpDue }),

  staffList: post(routes.staffList, { body: StaffListBody, response: StaffList }),
  staffDetail: post(routes.staffDetail, { body: StaffDetailBody, response: StaffSummary }),
  memberList: post(routes.memberList, { body: MemberListBody, response: MemberList }),
  memberDetail: post(routes.memberDetail, { body: MemberDetailBody, response: MemberDetail }),

  performanceSites: post(routes.performanceSites, { body: PerformanceSitesBody, response: PerformanceSites }),
  performancePerson: post(routes.performancePerson, { body: PersonFiguresBody, response: PersonFigures }),
  performanceSite: post(routes.performanceSite, { body: SiteFiguresBody, response: SiteFigures }),
  performanceDetails: post(routes.performanceDetails, { body: SalesDetailsBody, response: SalesDetails }),
  performanceRanking: post(routes.performanceRanking, { body: RankingBody, response: Ranking }),
  performanceHome: post(routes.performanceHome, { body: HomeBody, response: HomeDashboard }),
  performanceSearch: post(routes.performanceSearch, { body: PerformanceSearchBody, response: PerformanceSearchResult }),
  standardList: post(routes.standardList, { body: StandardsBody, response: Standards }),
  standardUpdate: post(routes.standardUpdate, { body: StandardUpdateBody, response: Standards }),
  standardHistory: post(routes.standardHistory, { body: StandardHistoryBody, response: StandardHistory }),

  attendanceToday: post(routes.attendanceToday, { body: AttendanceClockBody, response: AttendanceToday }),
  attendanceClockIn: post(routes.attendanceClockIn, { body: AttendanceClockWriteBody, response: AttendanceToday, idempotent: true }),
  attendanceClockOut: post(routes.attendanceClockOut, { body: AttendanceClockWriteBody, response: AttendanceToday, idempotent: true }),
  attendanceDay: post(routes.attendanceDay, { body: AttendanceDayBody, response: AttendanceDay }),
  attendanceMonth: post(routes.attendanceMonth, { body: AttendanceMonthBody, response: AttendanceMonth }),
  attendanceVisits: post(routes.attendanceVisits, { body: AttendanceVisitsBody, response: AttendanceVisits }),

  integrationOrders: post(routes.integrationOrders, { body: IngestBody, response: IngestResult }),
  integrationSites: post(routes.integrationSites, { body: SyncSitesBody, response: SyncResult }),
  integrationStaff: post(routes.integrationStaff, { body: SyncStaffBody, response: SyncResult }),
  integrationCustomers: post(routes.integrationCustomers, { body: SyncCustomersBody, response: SyncResult }),

  noticeList: post(routes.noticeList, { body: NoticeListBody, response: NoticePage }),
  noticeRead: post(routes.noticeRead, { body: NoticeReadBody, response: NoticeReadResult }),
  noticeUnread: post(routes.noticeUnread, { body: NoticeUnreadBody, response: NoticeUnread }),
  noticeSettings: post(routes.noticeSettings, { response: NoticeSettings }),
  noticeSettingsUpdate: post(routes.noticeSettingsUpdate, { body: NoticeSettingsUpdateBody, response: NoticeSettings }),
  noticePushKey: get(routes.noticePushKey, { response: PushKey }),
  noticePushSubscribe: post(routes.noticePushSubscribe, { body: PushSubscribeBody, response: Type.Null() }),
  noticePushUnsubscribe: post(routes.noticePushUnsubscribe, { body: PushUnsubscribeBody, response: Type.Null() }),
  hostJsapiConfig: post(routes.hostJsapiConfig, { body: HostJsapiConfigBody, response: HostJsapiConfig }),

  adminStaffList: post(routes.adminStaffList, { body: AdminStaffListBody, response: AdminStaffPage }),
  adminSiteList: post(routes.adminSiteList, { response: AdminSiteList }),
  adminSettings: post(routes.adminSettings, { response: AdminSettings }),
  adminSiteCreate: post(routes.adminSiteCreate, { body: AdminSiteCreateBody, response: AdminSite }),
  adminSiteUpdate: post(routes.adminSiteUpdate, { body: AdminSiteUpdateBody, response: AdminSite }),
  adminSiteMove: post(routes.adminSiteMove, { body: AdminSiteMoveBody, response: AdminSite }),
  adminSiteArchive: post(routes.adminSiteArchive, { body: AdminSiteIdBody, response: AdminSite }),
  adminSiteRestore: post(routes.adminSiteRestore, { body: AdminSiteIdBody, response: AdminSite }),
  adminStaffCreate: post(routes.adminStaffCreate, { body: AdminStaffCreateBody, response: AdminOneTimePassword }),
  adminStaffResetPassword: post(routes.adminStaffResetPassword, { body: AdminStaffIdBody, response: AdminOneTimePassword }),
  adminAuditList: post(routes.adminAuditList, { body: AdminAuditListBody, response: AdminAuditPage }),
  adminStaffImportTemplate: post(routes.adminStaffImportTemplate, { body: AdminStaffImportTemplateBody, file: true }),
  adminStaffImportPreview: post(routes.adminStaffImportPreview, { body: AdminStaffImportBody, response: AdminStaffImportPreview }),
  adminStaffImportApply: post(routes.adminStaffImportApply, { body: AdminStaffImportBody, response: AdminStaffImportResult }),
  adminCustomerImportTemplate: post(routes.adminCustomerImportTemplate, { body: AdminStaffImportTemplateBody, file: true }),
  adminCustomerImportPreview: post(routes.adminCustomerImportPreview, { body: AdminCustomerImportBody, response: AdminCustomerImportPreview }),
  adminCustomerImportApply: post(routes.adminCustomerImportApply, { body: AdminCustomerImportBody, response: AdminCustomerImportResult }),
  adminStaffUpdate: post(routes.adminStaffUpdate, { body: AdminStaffUpdateBody, response: AdminStaffResult }),
  adminStaffDeactivate: post(routes.adminStaffDeactivate, { body: AdminStaffDeactivateBody, response: AdminStaffResult }),
  adminStaffReactivate: post(routes.adminStaffReactivate, { body: AdminStaffIdBody, response: AdminStaffResult }),
  adminStaffHandover: post(routes.adminStaffHandover, { body: AdminStaffIdBody, response: AdminHandoverInfo }),
  adminPoolRulesList: post(routes.adminPoolRulesList, { response: AdminPoolRulesList }),
  adminPoolRulesSave: post(routes.adminPoolRulesSave, { body: AdminPoolRulesSaveBody, response: AdminPoolRulesSite }),
  adminDirectoryStatus: post(routes.adminDirectoryStatus, { response: AdminDirectoryStatus }),
  adminDirectoryTree: post(routes.adminDirectoryTree, { body: AdminDirectoryTreeBody, response: AdminDirectoryTree }),
  adminDirectorySave: post(routes.adminDirectorySave, { body: AdminDirectorySaveBody, response: AdminDirectoryStatus }),
  adminDirectoryPreview: post(routes.adminDirectoryPreview, { response: AdminDirectoryPlan }),
  adminDirectoryApply: post(routes.adminDirectoryApply, { body: AdminDirectoryApplyBody, response: AdminDirectoryApplyResult }),

  ...reportEndpoints('weekly', routes.weeklyReport),
  ...reportEndpoints('halfMonth', routes.halfMonthReport),
};

type Table = typeof TABLE;
export type EndpointName = keyof Table;
export type Endpoint = { [Name in EndpointName]: Table[Name] & { name: Name } }[EndpointName];
export type EndpointPath = Endpoint['path'];

/** Every /seller endpoint: name, method, path and schemas. */
export const ENDPOINTS = Object.entries(TABLE).map(([name, entry]) => ({ name, ...entry })) as Endpoint[];

/** The table's entry of a path (routes.ts). */
export type EndpointOf<P extends EndpointPath> = Extract<Endpoint, { path: P }>;

type StaticOf<S> = S extends Type.TSchema ? Type.Static<S> : undefined;
/** What the endpoint takes as its body (POST) or query (GET). */
export type EndpointInput<P extends EndpointPath> =
  EndpointOf<P> extends { body: infer B } ? StaticOf<B> : EndpointOf<P> extends { query: infer Q } ? StaticOf<Q> : undefined;
/** The `data` the endpoint answers (undefined for file endpoints). */
export type EndpointResponse<P extends EndpointPath> = EndpointOf<P> extends { response: infer S } ? StaticOf<S> : undefined;

const byPath = new Map<string, Endpoint>(ENDPOINTS.map((entry) => [entry.path, entry]));

/** The table's entry of a path (routes.ts). */
export function endpointOf<P extends EndpointPath>(path: P): EndpointOf<P> {
  const entry = byPath.get(path);
  if (!entry) throw new Error(`no endpoint at ${path}`);
  return entry as EndpointOf<P>;
}
