import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../../lib/errors.js';
import attendanceRoutes from './attendance.js';
import customerRoutes from './customers.js';
import exportRoutes from './exports.js';
import followUpRoutes from './follow-ups.js';
import memberRoutes from './members.js';
import orderRoutes from './orders.js';
import performanceRoutes from './performance.js';
import poolRoutes from './pool.js';
import staffRoutes from './staff.js';

/**
 * /seller/fenghe/staff/: customers, orders, salespeople and follow-ups of one site. Every call is
 * logged in and names its site (siteId in the body, or in the query of the CSV exports); the
 * caller's scope there is resolved before any handler runs, so no route can forget it.
 */
const fengheRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.scope ?? 'member';
    if (mode === 'none') return;
    const source = (request.method === 'POST' ? request.body : request.query) as { siteId?: unknown } | undefined;
    const siteId = source?.siteId;
    if (typeof siteId !== 'number') throw badRequest('请填写站点');
    await app.resolveSalesScope(request, siteId, mode);
  });
  await app.register(customerRoutes);
  await app.register(orderRoutes);
  await app.register(staffRoutes);
  await app.register(followUpRoutes);
  await app.register(exportRoutes);
  await app.register(performanceRoutes);
  await app.register(attendanceRoutes);
  await app.register(memberRoutes);
  await app.register(poolRoutes);
};

export default fengheRoutes;
