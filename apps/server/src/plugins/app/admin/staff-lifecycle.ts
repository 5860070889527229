/**
 * 员工 from change to leave (issue 26 §4): 编辑 / 调岗, 离职 (deactivate) and 启用 (reactivate).
 * Every change is one transaction with its audit entry. Customers a person owns at a site they
 * leave are handed over in that same transaction, to an active colleague of the site or back to
 * the site unbound (退回站点); the person's positions and history stay, so no figure of the past
 * moves (site-members.ts counts a deactivated person for the periods they were part of). After
 * commit every instance drops the person's cached sessions and info (staffChanged).
 */
import { maskPhone, STAFF_STATUS_LABELS, type AdminHandover, type AdminHandoverInfo, type AdminPositionInput, type AdminStaffDeactivateBody, type AdminStaffUpdateBody } from '@sales/contract';
import { activeMemberOf } from '../customers/customer-create.js';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { customerBindings, customers, positions, sites, staff } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { appendAudit, type AuditValues, type ClientContext } from '../audit.js';
import { revokeAllSessions, type SessionUser } from '../account/account-shared.js';
import { keepAnotherAdministrator } from './administrators.js';
import { noticeCustomerAssigned } from '../notices/notice-events.js';
import { checkPositions, describePositions, dingtalkIdOf, isActivePhoneClash, requireName, wecomIdOf, yesNo, type StaffAdminDeps } from './staff-admin.js';

/**
 * Who makes a change: an administrator's session, or null for the seller platform's sync
 * (POST /seller/integration/staff), which no person signs — its audit entries name no actor.
 */
export type StaffActor = Pick<SessionUser, 'id'> | null;

export const STAFF_UNKNOWN = '该员工不存在';
export const ALREADY_INACTIVE = '该员工已停用';
export const NOT_INACTIVE = '该员工在职，无需启用';
export const DEACTIVATE_SELF = '不能停用自己的账号';
export const PHONE_TAKEN_ON_REACTIVATE = '该手机号已被在职员工使用，无法启用';

interface LockedPerson {
  id: number;
  username: string;
  status: 'active' | 'inactive' | 'deleted';
  isAdmin: boolean;
  reportAllSites: boolean;
  teamReportAuth: boolean;
  wecomUserId: string | null;
  dingtalkUserId: string | null;
  phone: string;
}

/** The person's row, locked for the change; 404 for an unknown or deleted one. */
async function lockPerson(tx: Tx, staffId: number): Promise<LockedPerson> {
  const [person] = await tx
    .select({
      id: staff.id,
      username: staff.username,
      status: staff.status,
      isAdmin: staff.isAdmin,
      reportAllSites: staff.reportAllSites,
      teamReportAuth: staff.teamReportAuth,
      wecomUserId: staff.wecomUserId,
      dingtalkUserId: staff.dingtalkUserId,
      phone: staff.phone,
    })
    .from(staff)
    .where(eq(staff.id, staffId))
    .for('update');
  if (!person || person.status === 'deleted') throw notFound(STAFF_UNKNOWN);
  return person;
}

/** How many customers the person owns per site, those customers locked for the handover. */
export async function ownedCustomers(tx: Tx, staffId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ siteId: customers.siteId }).from(customers).where(eq(customers.ownerId, staffId)).for('update');
  const bySite = new Map<number, number>();
  for (const row of rows) bySite.set(row.siteId, (bySite.get(row.siteId) ?? 0) + 1);
  return bySite;
}

/** An active staff member other than `leaving` holding a position at the site. */
async function isActiveColleague(db: Db | Tx, siteId: number, staffId: number, leaving: number): Promise<boolean> {
  return staffId !== leaving && activeMemberOf(db, siteId, staffId);
}

/**
 * Moves the customers `leaving` owns at each of `due` (site → count) as `handovers` say: each due
 * site needs exactly one entry (400 otherwise, nothing written), whose colleague is an active
 * member of that site. The open bindings close; a colleague's open with kind 'transfer'. Returns
 * the audit detail's part (`广州一部 12 位客户 → 李四`).
 */
export async function handOver(tx: Tx, admin: StaffActor, leaving: number, due: Map<number, number>, handovers: readonly AdminHandover[]): Promise<string[]> {
  const bySite = new Map<number, AdminHandover>();
  for (const handover of handovers) {
    if (bySite.has(handover.siteId)) throw badRequest('同一站点只能指定一种客户交接');
    bySite.set(handover.siteId, handover);
  }
  const dueIds = [...due.keys()];
  const names = new Map(
    dueIds.length === 0 ? [] : (await tx.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, dueIds))).map((site) => [site.id, site.name]),
  );
  const plan: { siteId: number; toStaffId: number | null; toName: string }[] = [];
  for (const siteId of dueIds) {
    const handover = bySite.get(siteId);
    const siteName = names.get(siteId) ?? `站点${siteId}`;
    if (!handover) throw badRequest(`请指定「${siteName}」的 ${due.get(siteId)} 位客户交给谁（同事或退回站点）`);
    if (handover.toStaffId === null) {
      plan.push({ siteId, toStaffId: null, toName: '退回站点' });
      continue;
    }
    if (!(await isActiveColleague(tx, siteId, handover.toStaffId, leaving))) throw badRequest(`接手的同事须是「${siteName}」的在职成员`);
    const [to] = await tx.select({ username: staff.username }).from(staff).where(eq(staff.id, handover.toStaffId));
    plan.push({ siteId, toStaffId: handover.toStaffId, toName: to?.username ?? '' });
  }
  const now = new Date();
  const detail: string[] = [];
  for (const step of plan) {
    const moving = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.siteId, step.siteId), eq(customers.ownerId, leaving)));
    const ids = moving.map((customer) => customer.id);
    if (ids.length === 0) continue;
    await tx
      .update(customerBindings)
      .set({ unboundAt: now, unboundBy: admin?.id ?? null, unboundReason: 'deactivate' })
      .where(and(inArray(customerBindings.customerId, ids), isNull(customerBindings.unboundAt)));
    if (step.toStaffId !== null) {
      const toStaffId = step.toStaffId;
      const bound = await tx
        .insert(customerBindings)
        .values(ids.map((customerId) => ({ customerId, staffId: toStaffId, boundBy: admin?.id ?? null, kind: 'transfer' as const, boundAt: now })))
        .returning({ id: customerBindings.id, customerId: customerBindings.customerId });
      // The colleague who takes them over hears of it at once (消息中心, and WeCom/SMS/Push when on).
      const [first] = bound;
      if (first) {
        const name = moving.find((customer) => customer.id === first.customerId)?.name ?? '';
        await noticeCustomerAssigned(tx, { bindingId: first.id, customerId: first.customerId, customerName: name, staffId: toStaffId, siteId: step.siteId, actorId: admin?.id ?? null, kind: 'transfer', count: ids.length });
      }
    }
    await tx.update(customers).set({ ownerId: step.toStaffId, updatedAt: now }).where(inArray(customers.id, ids));
    detail.push(`${names.get(step.siteId) ?? `站点${step.siteId}`} ${ids.length} 位客户 → ${step.toName}`);
  }
  return detail;
}

/**
 * 编辑 / 调岗: the fields given change. New positions replace the set (kept ones keep their row);
 * a site the person leaves where they own customers needs a handover. Taking the administrator
 * flag from the last active administrator is refused (409).
 */
export async function updateStaff(deps: StaffAdminDeps, admin: StaffActor, input: AdminStaffUpdateBody, client: ClientContext): Promise<void> {
  const username = input.username === undefined ? undefined : requireName(input.username);
  const wecomUserId = input.wecomUserId === undefined ? undefined : wecomIdOf(input.wecomUserId);
  const dingtalkUserId = input.dingtalkUserId === undefined ? undefined : dingtalkIdOf(input.dingtalkUserId);
  await deps.db.transaction(async (tx) => {
    const person = await lockPerson(tx, input.staffId);
    const changes: string[] = [];
    // The changed fields only, for 操作日志's before → after.
    const before: AuditValues = {};
    const after: AuditValues = {};
    const set: Partial<Pick<LockedPerson, 'username' | 'isAdmin' | 'reportAllSites' | 'teamReportAuth' | 'wecomUserId' | 'dingtalkUserId'>> = {};
    if (username !== undefined && username !== person.username) {
      set.username = username;
      changes.push(`姓名 ${person.username} → ${username}`);
      before.username = person.username;
      after.username = username;
    }
    if (wecomUserId !== undefined && wecomUserId !== person.wecomUserId) {
      set.wecomUserId = wecomUserId;
      changes.push(`企业微信 ${person.wecomUserId ?? '无'} → ${wecomUserId ?? '无'}`);
      before.wecomUserId = person.wecomUserId;
      after.wecomUserId = wecomUserId;
    }
    if (dingtalkUserId !== undefined && dingtalkUserId !== person.dingtalkUserId) {
      set.dingtalkUserId = dingtalkUserId;
      changes.push(`钉钉 ${person.dingtalkUserId ?? '无'} → ${dingtalkUserId ?? '无'}`);
      before.dingtalkUserId = person.dingtalkUserId;
      after.dingtalkUserId = dingtalkUserId;
    }
    const flags = [
      ['reportAllSites', '全站日报'],
      ['teamReportAuth', '团队报表'],
      ['isAdmin', '管理员'],
    ] as const;
    for (const [flag, label] of flags) {
      const wanted = input[flag];
      if (wanted === undefined || wanted === person[flag]) continue;
      set[flag] = wanted;
      changes.push(`${label} ${yesNo(person[flag])} → ${yesNo(wanted)}`);
      before[flag] = person[flag];
      after[flag] = wanted;
    }
    if (set.isAdmin === false) await keepAnotherAdministrator(tx, person.id);

    if (input.positions !== undefined) {
      const held = await tx.select().from(positions).where(eq(positions.staffId, person.id)).orderBy(asc(positions.id));
      const heldSites = new Set(held.map((position) => position.siteId));
      const names = await checkPositions(tx, input.positions, heldSites);
      const wanted = new Map(input.positions.map((position) => [position.siteId, position]));
      // A site left, or a second row at a kept site (one position per site from now on).
      const left = held.filter((position) => !wanted.has(position.siteId) || held.find((row) => row.siteId === position.siteId) !== position);
      const owned = await ownedCustomers(tx, person.id);
      const due = new Map([...owned].filter(([siteId]) => heldSites.has(siteId) && !wanted.has(siteId)));
      // The new set first, so a colleague is judged by the positions after the change.
      if (left.length > 0) await tx.delete(positions).where(inArray(positions.id, left.map((position) => position.id)));
      const added: AdminPositionInput[] = [];
      for (const position of input.positions) {
        const current = held.find((row) => row.siteId === position.siteId);
        if (!current) added.push(position);
        else if (current.isLeader !== position.isLeader || current.drawAuth !== position.drawAuth) {
          await tx.update(positions).set({ isLeader: position.isLeader, drawAuth: position.drawAuth }).where(eq(positions.id, current.id));
        }
      }
      if (added.length > 0) await tx.insert(positions).values(added.map((position) => ({ staffId: person.id, ...position })));
      const allNames = new Map([...(await siteNames(tx, [...heldSites])), ...names]);
      const heldText = describePositions(held, allNames);
      const wantedText = describePositions(input.positions, names);
      if (heldText !== wantedText) {
        changes.push(`岗位 ${heldText} → ${wantedText}`);
        before.positions = held.map((position) => describePositions([position], allNames));
        after.positions = input.positions.map((position) => describePositions([position], names));
      }
      changes.push(...(await handOver(tx, admin, person.id, due, input.handovers ?? [])));
    } else if (input.handovers !== undefined && input.handovers.length > 0) {
      throw badRequest('岗位未变，无需交接客户');
    }

    if (Object.keys(set).length > 0) await tx.update(staff).set(set).where(eq(staff.id, person.id));
    const detail = `编辑 ${person.username}：${changes.length === 0 ? '无变化' : changes.join('；')}`;
    await appendAudit(tx, { action: 'staff.update', actorId: admin?.id ?? null, targetId: person.id, detail, before, after, client });
  });
  await deps.staffChanged(input.staffId);
}

async function siteNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * 离职: the person becomes inactive (positions kept), every session ends, and the customers they
 * own go where `handovers` say, per site. Refused: oneself (400), the last active administrator
 * (409), an unknown or deleted person (404), someone already inactive (409).
 */
export async function deactivateStaff(deps: StaffAdminDeps, admin: StaffActor, input: AdminStaffDeactivateBody, client: ClientContext): Promise<void> {
  if (admin !== null && input.staffId === admin.id) throw badRequest(DEACTIVATE_SELF);
  await deps.db.transaction((tx) => deactivatePerson(tx, admin, input.staffId, input.handovers, client));
  await deps.staffChanged(input.staffId);
}

/**
 * 离职 in the caller's transaction (the console's, or a directory sync's batch); `toSite` hands every
 * site's customers back to the site unbound (公海), as a directory sync does. The caller drops the
 * person's cached sessions after commit.
 */
export async function deactivatePerson(tx: Tx, admin: StaffActor, staffId: number, handovers: readonly AdminHandover[] | 'toSite', client: ClientContext, note = ''): Promise<void> {
  const person = await lockPerson(tx, staffId);
  if (person.status === 'inactive') throw conflict(ALREADY_INACTIVE);
  await keepAnotherAdministrator(tx, person.id);
  const owned = await ownedCustomers(tx, person.id);
  const moved = await handOver(tx, admin, person.id, owned, handovers === 'toSite' ? [...owned.keys()].map((siteId) => ({ siteId, toStaffId: null })) : handovers);
  await tx.update(staff).set({ status: 'inactive', deactivatedAt: new Date() }).where(eq(staff.id, person.id));
  await revokeAllSessions(tx, person.id);
  const detail = [`${note}离职 ${person.username} ${maskPhone(person.phone)}`, moved.length === 0 ? '无客户交接' : moved.join('；')].join('；');
  await appendAudit(tx, {
    action: 'staff.deactivate',
    actorId: admin?.id ?? null,
    targetId: person.id,
    detail,
    before: { status: STAFF_STATUS_LABELS.active },
    after: { status: STAFF_STATUS_LABELS.inactive, ...(moved.length > 0 ? { customers: moved } : {}) },
    client,
  });
}

/** 启用: sign-in works again with the old password; customers stay where the handover put them. */
export async function reactivateStaff(deps: StaffAdminDeps, admin: StaffActor, staffId: number, client: ClientContext): Promise<void> {
  try {
    await deps.db.transaction((tx) => reactivatePerson(tx, admin, staffId, client));
  } catch (error) {
    if (isActivePhoneClash(error)) throw conflict(PHONE_TAKEN_ON_REACTIVATE);
    throw error;
  }
  await deps.staffChanged(staffId);
}

/** 启用 in the caller's transaction (the console's, or a directory sync's batch). */
export async function reactivatePerson(tx: Tx, admin: StaffActor, staffId: number, client: ClientContext, note = ''): Promise<void> {
  const person = await lockPerson(tx, staffId);
  if (person.status !== 'inactive') throw conflict(NOT_INACTIVE);
  const [holder] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, person.phone), eq(staff.status, 'active'))).limit(1);
  if (holder) throw conflict(PHONE_TAKEN_ON_REACTIVATE);
  await tx.update(staff).set({ status: 'active', deactivatedAt: null }).where(eq(staff.id, staffId));
  await appendAudit(tx, {
    action: 'staff.reactivate',
    actorId: admin?.id ?? null,
    targetId: staffId,
    detail: `${note}启用 ${person.username} ${maskPhone(person.phone)}`,
    before: { status: STAFF_STATUS_LABELS.inactive },
    after: { status: STAFF_STATUS_LABELS.active },
    client,
  });
}

/** 交接: each site where the person holds a position or owns customers, how many, and who may take them. */
export async function handoverInfo(db: Db, staffId: number): Promise<AdminHandoverInfo> {
  const [person] = await db.select({ status: staff.status }).from(staff).where(eq(staff.id, staffId));
  if (!person || person.status === 'deleted') throw notFound(STAFF_UNKNOWN);
  const [held, owned] = await Promise.all([
    db.select({ siteId: positions.siteId }).from(positions).where(eq(positions.staffId, staffId)),
    db.select({ siteId: customers.siteId, n: count() }).from(customers).where(eq(customers.ownerId, staffId)).groupBy(customers.siteId),
  ]);
  const ids = [...new Set([...held.map((row) => row.siteId), ...owned.map((row) => row.siteId)])];
  if (ids.length === 0) return { sites: [] };
  const [names, colleagues] = await Promise.all([
    siteNames(db, ids),
    db
      .selectDistinct({ siteId: positions.siteId, id: staff.id, username: staff.username })
      .from(positions)
      .innerJoin(staff, eq(staff.id, positions.staffId))
      .where(and(inArray(positions.siteId, ids), eq(staff.status, 'active'), ne(staff.id, staffId)))
      .orderBy(asc(positions.siteId), asc(staff.id)),
  ]);
  return {
    sites: ids
      .sort((a, b) => a - b)
      .map((siteId) => ({
        siteId,
        siteName: names.get(siteId) ?? `站点${siteId}`,
        customerCount: owned.find((row) => row.siteId === siteId)?.n ?? 0,
        colleagues: colleagues.filter((row) => row.siteId === siteId).map(({ id, username }) => ({ id, username })),
      })),
  };
}
