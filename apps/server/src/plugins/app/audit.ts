import type { AuditAction as ContractAuditAction } from '@sales/contract';
import { aliasedTable, and, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, staff } from '../../db/schema.js';
import type { AuditValues } from '../../db/schema/platform.js';
import { likePattern } from './admin/organisation-repository.js';

export type { AuditValues };

/** Who wrote through the command line (`npm run admin`): no session, no address. */
export const COMMAND_LINE: ClientContext = { ip: 'cli', userAgent: 'npm run admin' };

/** Where a request came from, as the audit log and the throttles record it. */
export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

export const clientOf = (request: FastifyRequest): ClientContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** The sensitive actions the audit log records (the contract names each in Chinese for the console). */
export type AuditAction = ContractAuditAction;

export interface AuditEntry {
  action: AuditAction;
  /** Who did it; null when nobody could be named (a failed login on a phone without an account). */
  actorId: number | null;
  /** The person the action was about, when it was about one. */
  targetId?: number | null;
  /** What else it touched (`customer 12`, `site 101 month 2026-05`); never a password, code, ticket or token. */
  detail?: string;
  /**
   * An administrator's write: the fields it changed, as they were (null or absent for something new)
   * and as they became. Plain values only — never a password hash, code or token; phones masked.
   */
  before?: AuditValues | null;
  after?: AuditValues | null;
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
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.client.ip.slice(0, 64),
    userAgent: entry.client.userAgent?.slice(0, 256),
  });
}

export interface AuditFilter {
  since?: Date;
  /** Entries before this instant (the day after a range's last day). */
  until?: Date;
  /** The actor's current phone. */
  actorPhone?: string;
  actorId?: number;
  /** Part of the actor's name or phone. */
  actorKeyword?: string;
  /** The person the entry is about. */
  targetId?: number;
  /** Actions, exact (`login.failed`) or a family (`customer.*` is customer.bind, customer.transfer…; `login.*` is login and login.failed). */
  actions?: string[];
  limit: number;
  /** Entries skipped from the newest (a page's start). */
  offset?: number;
}

export interface AuditPerson {
  id: number;
  username: string;
  phone: string;
}

export interface AuditRow {
  id: number;
  at: Date;
  action: string;
  /** `name phone` for printing; '-' when nobody. */
  actor: string;
  /** `name #id` for printing; '-' when nobody. */
  target: string;
  actorPerson: AuditPerson | null;
  targetPerson: AuditPerson | null;
  detail: string;
  ip: string;
  before: AuditValues | null;
  after: AuditValues | null;
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

function auditConditions(filter: Omit<AuditFilter, 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.since) conditions.push(gte(auditLog.createdAt, filter.since));
  if (filter.until) conditions.push(lt(auditLog.createdAt, filter.until));
  if (filter.actorPhone) conditions.push(eq(actor.phone, filter.actorPhone));
  if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
  const keyword = filter.actorKeyword?.trim();
  if (keyword) {
    const either = or(ilike(actor.username, likePattern(keyword)), like(actor.phone, likePattern(keyword)));
    if (either) conditions.push(either);
  }
  if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.actions && filter.actions.length > 0) {
    const exact = filter.actions.filter((action) => !action.endsWith('.*'));
    const prefixes = filter.actions.filter((action) => action.endsWith('.*')).map((action) => action.slice(0, -2));
    const either = or(
      exact.length > 0 ? inArray(auditLog.action, exact) : undefined,
      ...prefixes.map((prefix) => or(eq(auditLog.action, prefix), like(auditLog.action, `${prefix}.%`))),
    );
    if (either) conditions.push(either);
  }
  return and(...conditions);
}

const personOf = (id: number | null, username: string | null, phone: string | null): AuditPerson | null =>
  id === null || username === null || phone === null ? null : { id, username, phone };

/** The newest entries first, filtered; names and phones joined for reading. */
export async function readAudit(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  const found = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: actor.username,
      actorPhone: actor.phone,
      targetName: target.username,
      targetPhone: target.phone,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetId))
    .where(auditConditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
  return found.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    actor: row.actorName ? `${row.actorName} ${row.actorPhone ?? ''}`.trim() : '-',
    target: row.targetId === null ? '-' : `${row.targetName ?? ''} #${row.targetId}`.trim(),
    actorPerson: personOf(row.actorId, row.actorName, row.actorPhone),
    targetPerson: personOf(row.targetId, row.targetName, row.targetPhone),
    detail: row.detail ?? '',
    ip: row.ip ?? '',
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

/** How many entries the filter matches (a page's total). */
export async function countAudit(db: Db, filter: Omit<AuditFilter, 'limit' | 'offset'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(auditConditions(filter));
  return row?.n ?? 0;
}
