import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CUSTOMER_IMPORT_BASE64_MAX, STAFF_IMPORT_BASE64_MAX } from '@sales/contract';
import Type from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { OrganisationRepository } from '../../../plugins/app/admin/organisation-repository.js';
import { settingsOf } from '../../../plugins/app/admin/settings.js';
import { PoolRulesAdmin } from '../../../plugins/app/admin/pool-rules-admin.js';
import { SiteTree, type SiteWriter } from '../../../plugins/app/admin/site-tree.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { auditPage } from '../../../plugins/app/admin/audit-log.js';
import { applyStaffImport, previewStaffImport, staffImportTemplate } from '../../../plugins/app/admin/staff-import.js';
import { attachmentHeader } from '../../../lib/csv.js';
import { applyCustomerImport, customerImportTemplate, previewCustomerImport } from '../../../plugins/app/customers/customer-import.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { createStaff, resetStaffPasswordAsAdmin } from '../../../plugins/app/admin/staff-admin.js';
import { deactivateStaff, handoverInfo, reactivateStaff, updateStaff } from '../../../plugins/app/admin/staff-lifecycle.js';
import { notFound } from '../../../lib/errors.js';
import { assertAdministrator } from '../../../plugins/app/sales/sales-authorization.js';
import { routeOf } from '../../route-of.js';

const tags = ['admin'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The import's body: the file as base64 (1 MB of file) and its name, over the app's 1 MB limit. */
const IMPORT_BODY_LIMIT = STAFF_IMPORT_BASE64_MAX + 4096;
/** The customer import's body: 8 MB of file as base64. */
const CUSTOMER_IMPORT_BODY_LIMIT = CUSTOMER_IMPORT_BASE64_MAX + 4096;
const security = [{ token: [] }];

/** 管理后台 (/admin/): the organisation, for 系统管理员 only — anyone else gets 403 before anything is read. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const organisation = new OrganisationRepository(app.db);
  // A site write changes who leads what (issue 26 §3): cached user info and scopes go on every instance.
  const tree = new SiteTree(app.db, () => app.sessionCache.invalidate({ sites: true }));
  const writer = (request: FastifyRequest): SiteWriter => ({ adminId: currentUser(request).id, client: clientOf(request) });
  const staffDeps = { db: app.db, sms: app.sms, staffChanged: app.accounts.staffChanged };
  /** The person as 员工 now reads them, after a change. */
  const staffResult = async (id: number) => {
    const row = await organisation.staffRow(id);
    if (!row) throw notFound('该员工不存在');
    return ok({ staff: row });
  };
  // Before the body is even read: a non-administrator learns nothing, not even which fields are wrong.
  app.addHook('onRequest', async (request, reply) => {
    await app.authenticate(request, reply);
    assertAdministrator(currentUser(request));
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffList, { tags, security, summary: '员工（分页）：按姓名或手机号搜索，按站点、状态、角色筛选，附各人岗位' }),
    handler: async (request) => ok(await organisation.staffList(request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSettings, { tags, security, summary: '系统设置（只读）：数据库、Redis、短信、消息渠道、订单接入等由环境变量决定的配置；不含任何密钥' }),
    handler: async () => ok(settingsOf(app.config)),
  });

  const poolRules = new PoolRulesAdmin(app.db, () => app.sessionCache.invalidate({ poolRules: true }));
  app.route({
    ...routeOf(app, ROUTES.adminPoolRulesList, { tags, security, summary: '公海规则：每个站点自己的规则与实际生效的规则（沿上级继承），及各规则来自哪个站点' }),
    handler: async () => ok(await poolRules.list()),
  });

  app.route({
    ...routeOf(app, ROUTES.adminPoolRulesSave, {
      tags,
      security,
      summary: '保存站点自己的公海规则（整组替换，null 为沿用上级）：拥有上限、每日领取上限、前负责人不能领取天数、未跟进/未成交回收天数（可按等级）、提前提醒天数',
    }),
    handler: async (request) => ok(await poolRules.save(request.body, currentUser(request).id, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteList, { tags, security, summary: '站点树：每个站点的上级、是否归档、在职人数、主管人数' }),
    handler: async () => ok(await tree.list()),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteCreate, { tags, security, summary: '新建站点（编号由服务器分配），可放在某个上级站点之下' }),
    handler: async (request) => ok(await tree.create(request.body, writer(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteUpdate, { tags, security, summary: '重命名站点或修改区域' }),
    handler: async (request) => ok(await tree.update(request.body, writer(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteMove, { tags, security, summary: '移动站点到另一个上级之下（不能移到自己或下级之下），parentId 为 null 时移到顶层' }),
    handler: async (request) => ok(await tree.move(request.body, writer(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteArchive, { tags, security, summary: '归档站点：须无在职成员、无未归档的下级站点' }),
    handler: async (request) => ok(await tree.archive(request.body.id, writer(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminSiteRestore, { tags, security, summary: '恢复已归档的站点' }),
    handler: async (request) => ok(await tree.restore(request.body.id, writer(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffCreate, { tags, security, summary: '新员工：岗位与权限，一次性密码以短信发出（控制台短信时返回一次，供管理员转告）' }),
    handler: async (request) => ok(await createStaff(staffDeps, currentUser(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffResetPassword, { tags, security, summary: '重置密码：新的一次性密码以短信发出（控制台短信时返回一次），其会话全部结束' }),
    handler: async (request) => ok(await resetStaffPasswordAsAdmin(staffDeps, currentUser(request), request.body.staffId, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminAuditList, { tags, security, summary: '操作日志（分页，新的在前）：按操作类型、操作人、对象员工、日期（中国时间）筛选，附修改前后' }),
    handler: async (request) => ok(await auditPage(app.db, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffImportTemplate, {
      tags,
      security,
      summary: '下载员工导入模板（.xlsx 或 .csv）',
      produces: [XLSX_TYPE, 'text/csv'],
      response: { 200: Type.String({ description: '导入模板：.xlsx 工作簿（含填写说明）或 UTF-8 CSV' }) },
    }),
    handler: async (request, reply: FastifyReply) => {
      const format = request.body.format;
      return reply
        .header('Content-Type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(`员工导入模板.${format}`, `staff-import-template.${format}`))
        .header('Cache-Control', 'no-store')
        .send(await staffImportTemplate(format));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffHandover, { tags, security, summary: '交接：该员工有岗位或有客户的每个站点，客户数与可接手的在职同事' }),
    handler: async (request) => ok(await handoverInfo(app.db, request.body.staffId)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffUpdate, {
      tags,
      security,
      summary: '编辑 / 调岗：姓名、岗位（整组替换，站点须未归档）、权限、企业微信、管理员；离开有客户的站点须指定交接，立即在所有实例生效',
    }),
    handler: async (request) => {
      await updateStaff(staffDeps, currentUser(request), request.body, clientOf(request));
      return staffResult(request.body.staffId);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffImportPreview, { tags, security, summary: '预览员工导入：逐行列出问题（手机号、重复、站点、角色、姓名），不写入任何数据' }),
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request) => ok(await previewStaffImport(app.db, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffImportApply, { tags, security, summary: '导入员工：全部成功或全部不写入；每人的一次性密码以短信发出（控制台短信时返回一次）' }),
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request) => ok(await applyStaffImport(staffDeps, currentUser(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminCustomerImportTemplate, {
      tags,
      security,
      summary: '下载客户导入模板（.xlsx 或 .csv）',
      produces: [XLSX_TYPE, 'text/csv'],
      response: { 200: Type.String({ description: '导入模板：.xlsx 工作簿（含填写说明）或 UTF-8 CSV' }) },
    }),
    handler: async (request, reply: FastifyReply) => {
      const format = request.body.format;
      return reply
        .header('Content-Type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(`客户导入模板.${format}`, `customer-import-template.${format}`))
        .header('Cache-Control', 'no-store')
        .send(await customerImportTemplate(format));
    },
  });

  app.route({
    ...routeOf(app, ROUTES.adminCustomerImportPreview, {
      tags,
      security,
      summary: '预览客户导入：逐行列出问题（客户名称、电话、等级、站点、负责人）与重复（本文件内、同站点已有客户），不写入任何数据',
    }),
    bodyLimit: CUSTOMER_IMPORT_BODY_LIMIT,
    handler: async (request) => ok(await previewCustomerImport(app.db, request.body)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminCustomerImportApply, {
      tags,
      security,
      summary: '导入客户：没有问题的行在一个事务内写入（有负责人的绑定，无负责人的进入公海），其余行作为错误文件返回',
    }),
    bodyLimit: CUSTOMER_IMPORT_BODY_LIMIT,
    handler: async (request) => ok(await applyCustomerImport(app.db, currentUser(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffDeactivate, {
      tags,
      security,
      summary: '离职：停用账号（会话全部结束、不能登录），客户按站点交给在职同事或退回站点；不能停用自己或最后一位管理员',
    }),
    handler: async (request) => {
      await deactivateStaff(staffDeps, currentUser(request), request.body, clientOf(request));
      return staffResult(request.body.staffId);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.adminStaffReactivate, { tags, security, summary: '启用：恢复登录（原密码），客户不恢复；手机号已被在职员工使用时 409' }),
    handler: async (request) => {
      await reactivateStaff(staffDeps, currentUser(request), request.body.staffId, clientOf(request));
      return staffResult(request.body.staffId);
    },
  });

  app.route({
    ...routeOf(app, ROUTES.adminDirectoryStatus, { tags, security, summary: '通讯录同步：已配置的通讯录来源、所选来源、部门映射、每日同步开关与上次运行结果' }),
    handler: async () => ok(await app.directory.status()),
  });

  app.route({
    ...routeOf(app, ROUTES.adminDirectoryTree, { tags, security, summary: '通讯录部门树（企业微信或钉钉）：每个部门的上级与直属人数' }),
    handler: async (request) => ok(await app.directory.tree(request.body.provider)),
  });

  app.route({
    ...routeOf(app, ROUTES.adminDirectorySave, { tags, security, summary: '保存通讯录同步设置：来源、每日同步开关、部门映射（映射到已有站点，或在某上级下新建站点）' }),
    handler: async (request) => ok(await app.directory.save(request.body, currentUser(request), clientOf(request))),
  });

  app.route({
    ...routeOf(app, ROUTES.adminDirectoryPreview, { tags, security, summary: '预览通讯录同步（不写入）：要新建、改名、移动的站点，要新建、更新、调动、离职、复职的员工，以及所有冲突' }),
    handler: async () => ok(await app.directory.preview()),
  });

  app.route({
    ...routeOf(app, ROUTES.adminDirectoryApply, { tags, security, summary: '执行通讯录同步：只写入预览所列的变更（通讯录或员工在预览后有变化时 409），离职者走离职流程，冲突不处理' }),
    handler: async (request) => ok(await app.directory.apply(request.body.fingerprint, currentUser(request), clientOf(request))),
  });
};

export default adminRoutes;
