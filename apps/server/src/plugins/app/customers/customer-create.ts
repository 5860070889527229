/**
 * 新建客户 (issue 27 §1): a salesperson's new customer is theirs; a leader's goes to the member they
 * choose or to the site's 公海 pool. 查重 runs inside the write's transaction, after the site's
 * creation lock (customer-dedupe.ts, lockSiteForNewCustomers), so two creates of one shop at once
 * cannot both pass: the second waits, then finds the first and answers 409 with the duplicates,
 * shaped for what the caller may know of each (customerDuplicatesFor).
 */
import { CUSTOMER_DUPLICATE_MESSAGE, CUSTOMER_PHONE_INVALID, type CustomerCreateBody, type CustomerDuplicate } from '@sales/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { customerBindings, customers, positions, staff } from '../../../db/schema.js';
import { newQrToken } from '../../../lib/crypto.js';
import { badRequest, conflict, forbidden } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { canChooseCustomerOwner, canCreateCustomer, canSeeCustomer, type SalesScope } from '../sales/sales-authorization.js';
import { customerPhoneOf, findDuplicateCustomers, lockSiteForNewCustomers, type DuplicateCustomer } from './customer-dedupe.js';

export const OWNER_NOT_MEMBER = '负责人须是本站点的在职成员';
export const OWNER_FOR_LEADERS = '只有站点负责人可以指定负责人';
export const POSITION_HALF = '请同时提供经度和纬度';

/** A duplicate as the caller may see it: a colleague's customer shows its name and owner only. */
export function customerDuplicatesFor(scope: SalesScope, found: readonly DuplicateCustomer[]): CustomerDuplicate[] {
  return found.map((customer) => {
    if (customer.ownerId === null) return { relation: 'pool', id: customer.id, name: customer.name, ownerName: null, matched: customer.matched };
    if (customer.ownerId === scope.userId) return { relation: 'mine', id: customer.id, name: customer.name, ownerName: null, matched: customer.matched };
    // A leader sees every customer of the site and may open it; a salesperson learns the name and the colleague only.
    return { relation: 'colleague', id: canSeeCustomer(scope, customer) ? customer.id : null, name: customer.name, ownerName: customer.ownerName, matched: customer.matched };
  });
}

/** Trimmed text, refused when blank. */
function required(value: string, message: string): string {
  const text = value.trim();
  if (!text) throw badRequest(message);
  return text;
}

/** An active member of the site (a position there), or null. */
export async function activeMemberOf(db: Db | Tx, siteId: number, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(positions)
    .innerJoin(staff, eq(staff.id, positions.staffId))
    .where(and(eq(positions.siteId, siteId), eq(positions.staffId, staffId), eq(staff.status, 'active')))
    .limit(1);
  return row !== undefined;
}

export class CustomerCreation {
  constructor(private readonly db: Db) {}

  /** Writes the customer (and its binding) and answers its id; 409 with the duplicates when it exists. */
  async create(scope: SalesScope, body: CustomerCreateBody, client: ClientContext, db: Db = this.db): Promise<number> {
    if (!canCreateCustomer(scope)) throw forbidden('只有本站点成员可以新建客户');
    const name = required(body.name, '请填写客户名称');
    const contactName = required(body.contactName, '请填写联系人');
    const phone = customerPhoneOf(body.phone);
    if (!phone) throw badRequest(CUSTOMER_PHONE_INVALID);
    const address = (body.address ?? '').trim();
    const source = (body.source ?? '').trim();
    if ((body.latitude === undefined) !== (body.longitude === undefined)) throw badRequest(POSITION_HALF);
    let ownerId: number | null = scope.userId;
    if (body.ownerId !== undefined) {
      if (!canChooseCustomerOwner(scope)) throw forbidden(OWNER_FOR_LEADERS);
      ownerId = body.ownerId;
    }

    return db.transaction(async (tx) => {
      if (ownerId !== null && ownerId !== scope.userId && !(await activeMemberOf(tx, scope.siteId, ownerId))) throw badRequest(OWNER_NOT_MEMBER);
      await lockSiteForNewCustomers(tx, scope.siteId);
      const duplicates = await findDuplicateCustomers(tx, scope.siteId, { name, phone });
      if (duplicates.length > 0) throw conflict(CUSTOMER_DUPLICATE_MESSAGE, { duplicates: customerDuplicatesFor(scope, duplicates) });
      const now = new Date();
      const position =
        body.latitude !== undefined && body.longitude !== undefined
          ? { latitude: body.latitude, longitude: body.longitude, positionSource: 'create' as const, positionSetAt: now, positionSetBy: scope.userId }
          : {};
      const [created] = await tx
        .insert(customers)
        .values({ siteId: scope.siteId, name, contactName, phone, address, level: body.level, source, ownerId, qrToken: newQrToken(), ...position, createdAt: now, updatedAt: now })
        .returning({ id: customers.id });
      if (!created) throw new Error('the customer insert returned nothing');
      if (ownerId !== null) {
        await tx.insert(customerBindings).values({ customerId: created.id, staffId: ownerId, boundBy: scope.userId, kind: 'create', boundAt: now });
      }
      const to = ownerId === null ? '公海' : ownerId === scope.userId ? '本人' : `staff ${ownerId}`;
      await appendAudit(tx, { action: 'customer.create', actorId: scope.userId, targetId: ownerId, detail: `customer ${created.id} ${name} → ${to}`, client });
      return created.id;
    });
  }
}
