import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as ROUTES from '@sales/contract/routes';
import { ok } from '../../../lib/reply.js';
import { OrganisationRepository } from '../../../plugins/app/admin/organisation-repository.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { assertAdministrator } from '../../../plugins/app/sales/sales-authorization.js';
import { routeOf } from '../../route-of.js';

const tags = ['admin'];
const security = [{ token: [] }];

/** 管理后台 (/admin/): the organisation, for 系统管理员 only — anyone else gets 403 before anything is read. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const organisation = new OrganisationRepository(app.db);
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
    ...routeOf(app, ROUTES.adminSiteList, { tags, security, summary: '站点及其在职人数、主管人数' }),
    handler: async () => ok(await organisation.siteList()),
  });
};

export default adminRoutes;
