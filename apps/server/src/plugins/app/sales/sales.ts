import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AttendanceRepository } from '../attendance/attendance-repository.js';
import { CustomerCreation } from '../customers/customer-create.js';
import { CustomersRepository } from '../customers/customers-repository.js';
import { FollowUpsRepository } from '../customers/follow-ups-repository.js';
import { OrderIngestion } from '../orders/order-ingestion.js';
import { OrdersRepository } from '../orders/orders-repository.js';
import { HomeRepository } from '../performance/home-repository.js';
import { MembersRepository } from '../members/members-repository.js';
import { PerformanceRepository } from '../performance/performance-repository.js';
import { PerformanceSearch } from '../performance/performance-search.js';
import { PoolRepository } from '../pool/pool-repository.js';
import { resolveSalesScope, type SalesScope, type ScopeMode } from './sales-authorization.js';
import { StandardsRepository } from '../performance/standards-repository.js';
import { currentUser } from '../auth/authentication.js';
import { TodoRepository } from '../todo/todo-repository.js';
import { VisitsRepository } from '../visits/visits-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersRepository;
    /** 新建客户 with 查重 (issue 27 §1). */
    customerCreation: CustomerCreation;
    orders: OrdersRepository;
    followUps: FollowUpsRepository;
    members: MembersRepository;
    orderIngestion: OrderIngestion;
    performance: PerformanceRepository;
    performanceHome: HomeRepository;
    standards: StandardsRepository;
    performanceSearch: PerformanceSearch;
    attendance: AttendanceRepository;
    todo: TodoRepository;
    /** Customer positions and the 拜访 view (issue 19). */
    visits: VisitsRepository;
    /** The 公海 pool: list, 领取, 放弃, 分配 (issue 27 §2). */
    pool: PoolRepository;
    /** Resolves the caller's scope at the requested site (403 when not a member) and keeps it on the request. */
    resolveSalesScope(request: FastifyRequest, siteId: number, mode?: ScopeMode): Promise<SalesScope>;
  }
  interface FastifyContextConfig {
    /**
     * How the /seller/fenghe/staff/ preHandler resolves the scope: 'member' by default;
     * 'performanceRead' lets reportAllSites readers in read-only; 'none' for calls that name no site.
     */
    scope?: ScopeMode | 'none';
  }
  interface FastifyRequest {
    /** Set for /seller/fenghe/staff/ calls before their handler runs. */
    salesScope: SalesScope | null;
  }
}

/** The caller's scope at the requested site; every /seller/fenghe/staff/ handler starts here. */
export function salesScope(request: FastifyRequest): SalesScope {
  if (!request.salesScope) throw new Error('sales scope not resolved: the route is outside /seller/fenghe/staff/');
  return request.salesScope;
}

/** Customers, orders, salespeople and follow-ups: the repositories and the authorization they share. */
export default fp(
  async (app) => {
    const customers = new CustomersRepository(app.db, app.sessionCache);
    app.decorate('customers', customers);
    app.decorate('customerCreation', new CustomerCreation(app.db));
    app.decorate('orders', new OrdersRepository(app.db));
    app.decorate('followUps', new FollowUpsRepository(app.db, customers, app.config.visitDeviationMeters));
    app.decorate('members', new MembersRepository(app.db));
    app.decorate('orderIngestion', new OrderIngestion(app.db));
    app.decorate('performance', new PerformanceRepository(app.db, app.database.genericReads));
    app.decorate('performanceHome', new HomeRepository(app.database.genericReads));
    app.decorate('standards', new StandardsRepository(app.db));
    app.decorate('performanceSearch', new PerformanceSearch(app.db));
    app.decorate('attendance', new AttendanceRepository(app.db));
    app.decorate('todo', new TodoRepository(app.db));
    app.decorate('visits', new VisitsRepository(app.db, app.config.visitDeviationMeters));
    app.decorate('pool', new PoolRepository(app.db));
    app.decorateRequest('salesScope', null);
    app.decorate('resolveSalesScope', async (request: FastifyRequest, siteId: number, mode: ScopeMode = 'member') => {
      const userId = currentUser(request).id;
      // Cached with the user's session and info, and dropped with them when the user changes.
      const key = `${userId}:${siteId}:${mode}`;
      let scope = app.sessionCache.salesScope(key);
      if (!scope) {
        const generation = app.sessionCache.generation;
        scope = await resolveSalesScope(app.db, userId, siteId, mode);
        app.sessionCache.storeSalesScope(key, scope, generation);
      }
      request.salesScope = scope;
      return scope;
    });
  },
  { name: 'sales', dependencies: ['db', 'accounts', 'authentication'] },
);
