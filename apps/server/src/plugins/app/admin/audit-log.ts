/**
 * 操作日志 in the console (issue 26 §2): the one audit log (audit.ts) a page at a time, newest first,
 * filtered by action or family, who did it, whom it was about and China days — the same reader as
 * `npm run audit`. Phones are masked here as everywhere a list shows them.
 */
import { maskPhone, parseChinaDay, type AdminAuditListBody, type AdminAuditPage } from '@sales/contract';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../lib/errors.js';
import { countAudit, readAudit, type AuditFilter, type AuditPerson } from '../audit.js';

const DEFAULT_PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

export const AUDIT_DATE_INVALID = '日期不正确';
export const AUDIT_RANGE_REVERSED = '开始日期不能晚于结束日期';

function dayStart(day: string): Date {
  const start = parseChinaDay(day);
  if (!start) throw badRequest(AUDIT_DATE_INVALID);
  return start;
}

const shown = (person: AuditPerson | null) => (person ? { ...person, phone: maskPhone(person.phone) } : null);

export async function auditPage(db: Db, input: AdminAuditListBody): Promise<AdminAuditPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const since = input.startDate === undefined ? undefined : dayStart(input.startDate);
  // The end day is checked before anything is computed from it; China has no daylight saving, so the next day starts 24 h later.
  const until = input.endDate === undefined ? undefined : new Date(dayStart(input.endDate).getTime() + DAY_MS);
  if (since && until && since >= until) throw badRequest(AUDIT_RANGE_REVERSED);
  const filter: Omit<AuditFilter, 'limit' | 'offset'> = {
    since,
    until,
    actorId: input.actorId,
    actorKeyword: input.actorKeyword,
    targetId: input.targetStaffId,
    actions: input.action === undefined ? undefined : [input.action],
  };
  const [total, found] = await Promise.all([countAudit(db, filter), readAudit(db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize })]);
  return {
    page,
    pageSize,
    total,
    list: found.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor: shown(row.actorPerson),
      target: shown(row.targetPerson),
      detail: row.detail,
      ip: row.ip,
      before: row.before,
      after: row.after,
    })),
  };
}
