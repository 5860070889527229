import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser } from '../auth/authentication.js';
import { ReportsRepository } from './reports-repository.js';
import { resolveReportScope, type ReportScope } from '../sales/sales-authorization.js';

declare module 'fastify' {
  interface FastifyInstance {
    weeklyReports: ReportsRepository;
    halfMonthReports: ReportsRepository;
    /** Resolves the caller's report scope at the requested site (403 when they may not read it) and keeps it on the request. */
    resolveReportScope(request: FastifyRequest, siteId: number): Promise<ReportScope>;
  }
  interface FastifyRequest {
    /** Set for report calls before their handler runs. */
    reportScope: ReportScope | null;
  }
}

/** The caller's report scope at the requested site; every report handler starts here. */
export function reportScope(request: FastifyRequest): ReportScope {
  if (!request.reportScope) throw new Error('report scope not resolved: the route is outside the report prefixes');
  return request.reportScope;
}

/** 周报 and 半月报: one repository per kind over the same tables and rules. */
export default fp(
  async (app) => {
    app.decorate('weeklyReports', new ReportsRepository(app.db, 'weekly', app.orders));
    app.decorate('halfMonthReports', new ReportsRepository(app.db, 'halfMonth', app.orders));
    app.decorateRequest('reportScope', null);
    app.decorate('resolveReportScope', async (request: FastifyRequest, siteId: number) => {
      const scope = await resolveReportScope(app.db, currentUser(request).id, siteId);
      request.reportScope = scope;
      return scope;
    });
  },
  { name: 'reports', dependencies: ['db', 'authentication', 'sales'] },
);
