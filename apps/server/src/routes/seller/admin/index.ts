import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { OrganisationRepository } from '../../../plugins/app/admin/organisation-repository.js';
import { SiteTree, type SiteWriter } from '../../../plugins/app/admin/site-tree.js';
import { clientOf } from '../../../plugins/app/audit.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { createStaff, resetStaffPasswordAsAdmin } from '../../../plugins/app/admin/staff-admin.js';
import { assertAdministrator } from '../../../plugins/app/sales/sales-authorization.js';
import { routeOf } from '../../route-of.js';

const tags = ['admin'];
const security = [{ token: [] }];

/** 管理后台 (/admin/): the organisation, for 系统管理员 only — anyone else gets 403 before anything is read. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const organisation = new OrganisationRepository(app.db);
  // A site write changes who leads what (issue 26 §3): cached user info and scopes go on every instance.
  const tree = new SiteTree(app.db, () => app.sessionCache.invalidate({ sites: true }));
  const writer = (request: FastifyRequest): SiteWriter => ({ adminId: currentUser(request).id, client: clientOf(request) });
  const staffDeps = { db: app.db, sms: app.sms, staffChanged: app.accounts.staffChanged };
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
};

export default adminRoutes;
