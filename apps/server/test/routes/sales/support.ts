/** Shared by the sales test files: logged-in demo accounts and demo records picked by their facts. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/db/client.js';
import { at, call, login, PHONES, rows, type ApiResponse } from '../../helper.js';

export const STAFF_API = '/seller/fenghe/staff';

export type Role = keyof typeof PHONES;

export interface Session {
  id: number;
  token: string;
}

/** Logs in every demo account once. */
export async function loginAll(app: FastifyInstance): Promise<Record<Role, Session>> {
  const sessions = {} as Record<Role, Session>;
  for (const role of Object.keys(PHONES) as Role[]) {
    const { accountInfo, token } = await login(app, PHONES[role]);
    sessions[role] = { id: accountInfo.id, token };
  }
  return sessions;
}

/** POST to /seller/fenghe/staff/<path> as a session. */
export function staffCall<T = unknown>(app: FastifyInstance, session: Session | undefined, path: string, body: unknown): Promise<ApiResponse<T>> {
  return call<T>(app, 'POST', `${STAFF_API}/${path}`, session ? { token: session.token, body: body as object } : { body: body as object });
}

export interface CustomerFact {
  id: number;
  siteId: number;
  ownerId: number | null;
  qrToken: string;
  name: string;
}

export interface OrderFact {
  id: number;
  siteId: number;
  staffId: number | null;
  customerId: number;
  orderNo: string;
}

export async function customersWhere(db: Db, where: ReturnType<typeof sql>): Promise<CustomerFact[]> {
  return rows<CustomerFact>(
    db,
    sql`select id, site_id as "siteId", owner_id as "ownerId", qr_token as "qrToken", name from customers where ${where} order by id`,
  );
}

export async function ordersWhere(db: Db, where: ReturnType<typeof sql>): Promise<OrderFact[]> {
  return rows<OrderFact>(
    db,
    sql`select id, site_id as "siteId", staff_id as "staffId", customer_id as "customerId", order_no as "orderNo" from orders where ${where} order by id`,
  );
}

export async function firstCustomer(db: Db, where: ReturnType<typeof sql>): Promise<CustomerFact> {
  return at(await customersWhere(db, where), 0);
}

export async function firstOrder(db: Db, where: ReturnType<typeof sql>): Promise<OrderFact> {
  return at(await ordersWhere(db, where), 0);
}

export async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ value: number | string }>(db, query);
  return Number(row?.value);
}
