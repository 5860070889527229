/**
 * Applying a directory sync's plan (directory-plan.ts): the sites first (one transaction, the sites
 * table locked against the tree's other writers), then the people in batches, one transaction per
 * batch, each holding the sync's advisory lock — so a console apply and the daily sync of another
 * instance never write the same person twice — with one audit entry per change. Leavers go through
 * the console's 离职 (sessions end; customers to the site's 离职交接人 when the preview named one, else
 * back to the site's pool), returners through 启用.
 *
 * `runner` is the database (a console apply: each batch is a transaction) or the scheduled job's
 * transaction (each batch a savepoint inside it, which already holds the lock).
 */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { maskPhone } from '@sales/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { analyzeAfterBulkWrite } from '../../../db/bulk-analyze.js';
import type { Db, Tx } from '../../../db/client.js';
import { directoryMappings, positions, sites, staff } from '../../../db/schema.js';
import { conflict } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { isActivePhoneClash } from '../admin/staff-admin.js';
import { deactivatePerson, handOver, ownedCustomers, reactivatePerson, type StaffActor } from '../admin/staff-lifecycle.js';
import { activeMemberOf } from '../customers/customer-create.js';
import type { Plan, PlannedPerson, SiteRef } from './directory-plan.js';

/** The advisory lock of directory writes (the daily job's and each apply batch's). */
export const DIRECTORY_SYNC_LOCK = 0x64697273; // 'dirs'

/** People written per transaction. */
export const DIRECTORY_BATCH = 100;

export const DIRECTORY_CHANGED = '通讯录或员工在预览后有变化，请重新预览';

const NOTE = '通讯录同步：';

export interface ApplyContext {
  actor: StaffActor;
  client: ClientContext;
}

export interface ApplyOutcome {
  counts: Record<string, number>;
  /** People whose sessions or info changed (each instance drops its cache of them). */
  touched: number[];
  sitesChanged: boolean;
}

type Runner = Db | Tx;

/** The tables a sync writes to. */
const DIRECTORY_TABLES = ['staff', 'positions', 'directory_mappings', 'customers', 'customer_search', 'customer_tallies', 'customer_bindings'];

const lock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${DIRECTORY_SYNC_LOCK})`);

/**
 * A password nobody knows: people from the directory sign in through the host app (or 忘记密码 by
 * SMS). One random secret per apply, hashed once — 500 argon2 hashes would hold an apply for
 * seconds and protect nothing more, since the secret is thrown away.
 */
async function unknownPasswordHash(): Promise<string> {
  return hash(randomBytes(32).toString('base64url'));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

export async function applyPlan(runner: Runner, plan: Plan, context: ApplyContext): Promise<ApplyOutcome> {
  const provider = plan.provider;
  const idColumn = provider === 'wecom' ? staff.wecomUserId : staff.dingtalkUserId;
  const idField = provider === 'wecom' ? 'wecomUserId' : 'dingtalkUserId';
  const label = provider === 'wecom' ? '企业微信' : '钉钉';
  const actorId = context.actor?.id ?? null;
  const created = new Map<string, number>();
  const resolve = (ref: SiteRef): number => {
    if (typeof ref === 'number') return ref;
    const id = created.get(ref.slice(4));
    if (id === undefined) throw new Error(`site for department ${ref} was not created`);
    return id;
  };

  // ---- Sites, parents before children; the mappings take the new sites and the departments' names.
  await runner.transaction(async (tx) => {
    await lock(tx);
    await tx.execute(sql`lock table ${sites} in share row exclusive mode`);
    for (const change of [...plan.sitesPlanned].sort((a, b) => a.depth - b.depth)) {
      const parentId = change.parent === null ? null : resolve(change.parent);
      if (change.action === 'create') {
        const [next] = await tx.select({ id: sql<number>`coalesce(max(${sites.id}), 0)::int + 1` }).from(sites);
        const id = next?.id ?? 1;
        await tx.insert(sites).values({ id, name: change.name, region: change.region, parentId });
        await tx
          .update(directoryMappings)
          .set({ siteId: id })
          .where(and(eq(directoryMappings.provider, provider), eq(directoryMappings.departmentId, change.departmentId)));
        created.set(change.departmentId, id);
        await appendAudit(tx, {
          action: 'site.create',
          actorId,
          targetId: null,
          detail: `${NOTE}site ${id} ${change.detail}`,
          before: null,
          after: { id, name: change.name, region: change.region, parentId },
          client: context.client,
        });
      } else if (change.siteId !== null) {
        const [site] = await tx.select({ name: sites.name, parentId: sites.parentId }).from(sites).where(eq(sites.id, change.siteId));
        if (!site) throw conflict(DIRECTORY_CHANGED);
        if (change.action === 'rename') {
          await tx.update(sites).set({ name: change.name }).where(eq(sites.id, change.siteId));
          await appendAudit(tx, {
            action: 'site.update',
            actorId,
            targetId: null,
            detail: `${NOTE}site ${change.siteId} ${change.detail}`,
            before: { id: change.siteId, name: site.name },
            after: { id: change.siteId, name: change.name },
            client: context.client,
          });
        } else {
          await tx.update(sites).set({ parentId }).where(eq(sites.id, change.siteId));
          await appendAudit(tx, {
            action: 'site.move',
            actorId,
            targetId: null,
            detail: `${NOTE}site ${change.siteId} ${change.detail}`,
            before: { id: change.siteId, name: change.name, parentId: site.parentId },
            after: { id: change.siteId, name: change.name, parentId },
            client: context.client,
          });
        }
      }
    }
    for (const [departmentId, name] of plan.departmentNames) {
      await tx
        .update(directoryMappings)
        .set({ departmentName: name })
        .where(and(eq(directoryMappings.provider, provider), eq(directoryMappings.departmentId, departmentId), ne(directoryMappings.departmentName, name)));
    }
  });

  const siteNames = async (db: Runner | Tx, ids: number[]) =>
    new Map(ids.length === 0 ? [] : (await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, ids))).map((row) => [row.id, row.name]));

  // ---- New people, a batch per transaction; none may exist by now (another apply got there first).
  const hires = plan.peoplePlanned.filter((person) => person.action === 'create');
  const passwordHash = hires.length > 0 ? await unknownPasswordHash() : '';
  const touched: number[] = [];
  for (const batch of chunks(hires, DIRECTORY_BATCH)) {
    try {
      await runner.transaction(async (tx) => {
        await lock(tx);
        const ids = batch.map((person) => person.directoryId);
        const [existing] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(inArray(idColumn, ids), ne(staff.status, 'deleted')))
          .limit(1);
        if (existing) throw conflict(DIRECTORY_CHANGED);
        const names = await siteNames(tx, [...new Set(batch.flatMap((person) => person.addPositions.map((position) => resolve(position.site))))]);
        for (const person of batch) {
          if (!person.newPhone) throw new Error('a planned hire has a phone');
          const [row] = await tx
            .insert(staff)
            .values({ username: person.username, phone: person.newPhone, passwordHash, [idField]: person.directoryId })
            .returning({ id: staff.id });
          if (!row) throw new Error('the staff member was not created');
          const held = person.addPositions.map((position) => ({ staffId: row.id, siteId: resolve(position.site), isLeader: position.isLeader, drawAuth: false }));
          if (held.length > 0) await tx.insert(positions).values(held);
          const described = held.map((position) => `${names.get(position.siteId) ?? `站点${position.siteId}`} ${position.isLeader ? '主管' : '业务员'}`);
          await appendAudit(tx, {
            action: 'staff.create',
            actorId,
            targetId: row.id,
            detail: `${NOTE}新员工 ${person.username} ${maskPhone(person.newPhone)}；岗位 ${described.join('、')}；${label} ${person.directoryId}`,
            before: null,
            after: { username: person.username, phone: maskPhone(person.newPhone), positions: described, [idField]: person.directoryId },
            client: context.client,
          });
        }
      });
    } catch (error) {
      if (isActivePhoneClash(error)) throw conflict(DIRECTORY_CHANGED);
      throw error;
    }
  }

  // ---- Everyone else: updates, moves, returners, leavers.
  const changes = plan.peoplePlanned.filter((person) => person.action !== 'create');
  for (const batch of chunks(changes, DIRECTORY_BATCH)) {
    try {
      await runner.transaction(async (tx) => {
        await lock(tx);
        for (const person of batch) await applyPerson(tx, person, context, { idField, resolve });
      });
    } catch (error) {
      if (isActivePhoneClash(error)) throw conflict(DIRECTORY_CHANGED);
      throw error;
    }
    touched.push(...batch.map((person) => person.staffId).filter((id): id is number => id !== null));
  }

  const counts: Record<string, number> = { sites: plan.sites.length, create: hires.length, update: 0, move: 0, deactivate: 0, reactivate: 0, conflicts: plan.conflicts.length };
  for (const person of changes) counts[person.action] = (counts[person.action] ?? 0) + 1;
  // A first sync of a big company, or a reorganisation: the people, their positions and the
  // customers handed over on leaving.
  await analyzeAfterBulkWrite(runner, DIRECTORY_TABLES, hires.length + changes.length);
  return { counts, touched, sitesChanged: plan.sites.length > 0 || plan.peoplePlanned.length > 0 };
}

interface PersonHelpers {
  idField: 'wecomUserId' | 'dingtalkUserId';
  resolve: (ref: SiteRef) => number;
}

/** One person's planned change, in the batch's transaction. */
async function applyPerson(tx: Tx, person: PlannedPerson, context: ApplyContext, helpers: PersonHelpers): Promise<void> {
  const staffId = person.staffId;
  if (staffId === null) return;
  if (person.action === 'deactivate') {
    if (person.handovers.length === 0) {
      await deactivatePerson(tx, context.actor, staffId, 'toSite', context.client, NOTE);
      return;
    }
    // The preview's 离职交接人 take their sites' customers; every other site's go to its pool.
    const planned = new Map(person.handovers.map((handover) => [handover.siteId, handover.toStaffId]));
    for (const handover of person.handovers) {
      if (handover.toStaffId !== null && !(await activeMemberOf(tx, handover.siteId, handover.toStaffId))) throw conflict(DIRECTORY_CHANGED);
    }
    const owned = await ownedCustomers(tx, staffId);
    const handovers = [...owned.keys()].map((siteId) => ({ siteId, toStaffId: planned.get(siteId) ?? null }));
    await deactivatePerson(tx, context.actor, staffId, handovers, context.client, NOTE);
    return;
  }
  const [row] = await tx.select({ username: staff.username, phone: staff.phone, status: staff.status }).from(staff).where(eq(staff.id, staffId)).for('update');
  if (!row || row.status === 'deleted') throw conflict(DIRECTORY_CHANGED);
  if (person.action === 'reactivate') {
    if (person.newPhone) await tx.update(staff).set({ phone: person.newPhone }).where(eq(staff.id, staffId));
    await reactivatePerson(tx, context.actor, staffId, context.client, NOTE);
  }
  const set: Partial<{ username: string; phone: string; wecomUserId: string; dingtalkUserId: string }> = {};
  if (person.username !== row.username) set.username = person.username;
  if (person.newPhone && person.newPhone !== row.phone) set.phone = person.newPhone;
  if (person.link) set[helpers.idField] = person.directoryId;
  if (Object.keys(set).length > 0) await tx.update(staff).set(set).where(eq(staff.id, staffId));

  if (person.removeSites.length > 0) {
    const owned = await ownedCustomers(tx, staffId);
    const due = new Map([...owned].filter(([siteId]) => person.removeSites.includes(siteId)));
    await tx.delete(positions).where(and(eq(positions.staffId, staffId), inArray(positions.siteId, person.removeSites)));
    await handOver(
      tx,
      context.actor,
      staffId,
      due,
      [...due.keys()].map((siteId) => ({ siteId, toStaffId: null })),
    );
  }
  for (const change of person.leaderChanges) {
    await tx
      .update(positions)
      .set({ isLeader: change.isLeader })
      .where(and(eq(positions.staffId, staffId), eq(positions.siteId, change.siteId)));
  }
  if (person.addPositions.length > 0) {
    await tx.insert(positions).values(person.addPositions.map((position) => ({ staffId, siteId: helpers.resolve(position.site), isLeader: position.isLeader, drawAuth: false })));
  }
  const described = person.changes.filter((line) => line !== '复职');
  if (described.length === 0) return;
  await appendAudit(tx, {
    action: 'staff.update',
    actorId: context.actor?.id ?? null,
    targetId: staffId,
    detail: `${NOTE}${person.username}：${described.join('；')}`,
    before: { username: row.username, phone: maskPhone(row.phone) },
    after: { username: person.username, phone: maskPhone(person.newPhone ?? row.phone), changes: described },
    client: context.client,
  });
}
