/**
 * Tickets: a code sent to the user's own phone, checked, opens the next step of one flow (phone
 * change, password, deletion) for ten minutes; only the newest ticket of a flow is good.
 */
import { TICKET_TTL_SECONDS, type CheckResult, type TicketFlow } from '@sales/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { accountTickets } from '../../../db/schema.js';
import { newToken } from '../../../lib/crypto.js';
import { badRequest } from '../../../lib/errors.js';
import { consumeCode } from './account-codes.js';
import { auditAccount, hashToken, type AccountDeps, type ClientContext, type SessionUser } from './account-shared.js';

/** Verifies a code sent to the user's own phone and opens the next step of that flow with a ticket. */
export async function check(deps: AccountDeps, user: SessionUser, flow: TicketFlow, code: string, client: ClientContext): Promise<CheckResult> {
  await consumeCode(deps, user.phone, flow, code);
  const ticket = newToken();
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    // Only the newest ticket of a flow is good: asking again replaces the earlier one.
    await tx
      .update(accountTickets)
      .set({ usedAt: new Date(now) })
      .where(and(eq(accountTickets.staffId, user.id), eq(accountTickets.flow, flow), isNull(accountTickets.usedAt)));
    await tx.insert(accountTickets).values({
      tokenHash: hashToken(ticket),
      staffId: user.id,
      flow,
      createdAt: new Date(now),
      expiresAt: new Date(now + TICKET_TTL_SECONDS * 1000),
    });
    await auditAccount(tx, 'check', user.id, client);
  });
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/** Refuses a ticket that is not the user's live ticket of this flow; with `use`, spends it (under a row lock). */
export async function takeTicket(tx: Db | Tx, user: SessionUser, flow: TicketFlow, ticket: string, use: boolean): Promise<void> {
  const query = tx
    .select({ id: accountTickets.id, staffId: accountTickets.staffId, flow: accountTickets.flow, expiresAt: accountTickets.expiresAt, usedAt: accountTickets.usedAt })
    .from(accountTickets)
    .where(eq(accountTickets.tokenHash, hashToken(ticket)));
  const [row] = use ? await query.for('update') : await query;
  if (!row || row.staffId !== user.id || row.flow !== flow || row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) {
    throw badRequest('验证已失效，请重新获取验证码');
  }
  if (use) await tx.update(accountTickets).set({ usedAt: new Date() }).where(eq(accountTickets.id, row.id));
}

/** Spends every live ticket of a user (their account is going). */
export async function spendAllTickets(tx: Db | Tx, staffId: number): Promise<void> {
  await tx.update(accountTickets).set({ usedAt: new Date() }).where(and(eq(accountTickets.staffId, staffId), isNull(accountTickets.usedAt)));
}
