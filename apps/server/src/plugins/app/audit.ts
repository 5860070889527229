import { aliasedTable, and, desc, eq, gte, inArray, like, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, staff } from '../../db/schema.js';

/** Where a request came from, as the audit log and the throttles record it. */
export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

export const clientOf = (request: FastifyRequest): ClientContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** The sensitive actions the audit log records. */
export type AuditAction =
  | 'login'
  | 'login.failed'
  | 'check'
  | 'phone.change'
  | 'password.change'
  | 'password.reset'
  | 'password.set'
  | 'account.delete'
  | 'customer.bind'
  | 'customer.transfer'
  | 'customer.unbind'
  | 'customer.claim'
  | 'customer.position'
  | 'standard.update'
  | 'export.customers'
  | 'export.orders'
  | 'site.create'
  | 'site.update'
  | 'site.move'
  | 'site.archive'
  | 'site.restore'
  | 'staff.create'
  | 'staff.update'
  | 'staff.deactivate'
  | 'staff.reactivate'
  | 'staff.password.reset';

export interface AuditEntry {
  action: AuditAction;
  /** Who did it; null when nobody could be named (a failed login on a phone without an account). */
  actorId: number | null;
  /** The person the action was about, when it was about one. */
  targetId?: number | null;
  /** What else it touched (`customer 12`, `site 101 month 2026-05`); never a password, code, ticket or token. */
  detail?: string;
  client: ClientContext;
}

/**
 * Appends one entry. Called inside the transaction of the change it records, so the entry and the
 * change commit together or not at all. The table refuses UPDATE, DELETE and TRUNCATE (migration 0006).
 */
export async function appendAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId,
    targetId: entry.targetId === undefined ? entry.actorId : entry.targetId,
    detail: entry.detail?.slice(0, 256) ?? null,
    ip: entry.client.ip.slice(0, 64),
    userAgent: entry.client.userAgent?.slice(0, 256),
  });
}

export interface AuditFilter {
  since?: Date;
  /** The actor's current phone. */
  actorPhone?: string;
  /** Actions, exact (`login.failed`) or a family (`customer.*` is customer.bind, customer.transfer…; `login.*` is login and login.failed). */
  actions?: string[];
  limit: number;
}

export interface AuditRow {
  id: number;
  at: Date;
  action: string;
  actor: string;
  target: string;
  detail: string;
  ip: string;
}

const actor = aliasedTable(staff, 'actor');
const target = aliasedTable(staff, 'target');
const DURATION = /^(\d+)([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `--since` as an ISO date/time (China time when no offset is given) or a duration back from now (`30m`, `24h`, `7d`). */
export function parseSince(raw: string, now = new Date()): Date {
  const duration = DURATION.exec(raw.trim());
  if (duration) return new Date(now.getTime() - Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS]);
  const text = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00+08:00` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(raw) ? raw : `${raw}+08:00`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`--since must be a date (2026-05-01, 2026-05-01T09:00) or a duration (30m, 24h, 7d), got "${raw}"`);
  return date;
}

/** The newest entries first, filtered; names and phones joined for reading. */
export async function readAudit(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.since) conditions.push(gte(auditLog.createdAt, filter.since));
  if (filter.actorPhone) conditions.push(eq(actor.phone, filter.actorPhone));
  if (filter.actions && filter.actions.length > 0) {
    const exact = filter.actions.filter((action) => !action.endsWith('.*'));
    const prefixes = filter.actions.filter((action) => action.endsWith('.*')).map((action) => action.slice(0, -2));
    const either = or(
      exact.length > 0 ? inArray(auditLog.action, exact) : undefined,
      ...prefixes.map((prefix) => or(eq(auditLog.action, prefix), like(auditLog.action, `${prefix}.%`))),
    );
    if (either) conditions.push(either);
  }
  const found = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorName: actor.username,
      actorPhone: actor.phone,
      targetName: target.username,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
  return found.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    actor: row.actorName ? `${row.actorName} ${row.actorPhone ?? ''}`.trim() : '-',
    target: row.targetId === null ? '-' : `${row.targetName ?? ''} #${row.targetId}`.trim(),
    detail: row.detail ?? '',
    ip: row.ip ?? '',
  }));
}
