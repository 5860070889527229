/**
 * The seller platform's sites, staff and customers (issue 27 §1): POST /seller/integration/sites,
 * /staff and /customers, beside the order push and like it — the same key, at most 1,000 rows, each
 * row checked on its own and written in its own transaction, a bad row reported (index, external id,
 * a Chinese message) while the good ones are kept. Rows are upserted by the platform's external id,
 * so a batch sent twice changes nothing the second time. Each batch leaves one audit entry.
 *
 * Staff go through the console's own paths (staff-admin.ts, staff-lifecycle.ts): a person who leaves
 * (active: false) is 离职 with every customer they own returned to its site's pool; positions left
 * hand their customers to the pool too. New customers pass 查重 under the site's creation lock.
 */
import { isMobile, SyncCustomer, SyncSite, SyncStaff, type AdminPositionInput, type AuditAction, type SyncResult } from '@sales/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Db, Tx } from '../../../db/client.js';
import { customerBindings, customers, positions, sites, staff } from '../../../db/schema.js';
import { newQrToken } from '../../../lib/crypto.js';
import { AppError } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { deactivateStaff, handoverInfo, reactivateStaff, updateStaff } from '../admin/staff-lifecycle.js';
import { checkPositions, describePositions, ensurePhoneFree, hireValues, insertStaff, isActivePhoneClash, issueOneTimePassword, PHONE_TAKEN, type StaffAdminDeps } from '../admin/staff-admin.js';
import { activeMemberOf } from '../customers/customer-create.js';
import { customerPhoneOf, findDuplicateCustomers, lockSiteForNewCustomers } from '../customers/customer-dedupe.js';

export const SYNC_BATCH_MAX = 1000;

class RowError extends Error {}

const FIELD_NAMES: Record<string, string> = {
  externalId: '外部编号',
  name: '名称',
  region: '区域',
  parentExternalId: '上级站点',
  phone: '电话',
  positions: '岗位',
  siteId: '站点',
  siteExternalId: '站点',
  isLeader: '主管',
  active: '在职',
  contactName: '联系人',
  address: '地址',
  level: '客户等级',
  source: '客户来源',
  ownerPhone: '负责人手机号',
  ownerExternalId: '负责人',
};

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The row as its schema has it, or a RowError naming the first field to fix. */
function checked<T>(schema: TSchema, raw: unknown, what: string): T {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new RowError(`${what}数据格式不正确`);
  if (Value.Check(schema, raw)) return raw as T;
  const [issue] = Value.Errors(schema, raw) as SchemaIssue[];
  if (!issue) throw new RowError(`${what}数据格式不正确`);
  if (issue.keyword === 'required') {
    const missing = Array.isArray(issue.params.requiredProperties) ? String(issue.params.requiredProperties[0]) : '';
    throw new RowError(`缺少${FIELD_NAMES[missing] ?? missing}`);
  }
  const field = issue.instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part)).pop() ?? '';
  const label = FIELD_NAMES[field] ?? (field || what);
  if (issue.keyword === 'minLength') throw new RowError(`${label}不能为空`);
  if (issue.keyword === 'maxLength') throw new RowError(`${label}过长`);
  if (issue.keyword === 'additionalProperties') throw new RowError(`${what}包含不支持的字段`);
  throw new RowError(`${label}格式不正确`);
}

const externalIdOf = (raw: unknown): string | null =>
  raw !== null && typeof raw === 'object' && 'externalId' in raw && typeof raw.externalId === 'string' ? raw.externalId : null;

const trimmedOrFail = (value: string, message: string) => {
  const text = value.trim();
  if (!text) throw new RowError(message);
  return text;
};

type Outcome = 'created' | 'updated' | 'unchanged';

export class PlatformSync {
  constructor(
    private readonly db: Db,
    private readonly staffDeps: StaffAdminDeps,
    /** Drops every instance's cached site tree and scopes after a site changed. */
    private readonly sitesChanged: () => Promise<void>,
  ) {}

  /** Runs each row on its own; an AppError or RowError of a row becomes its message. One audit entry per batch. */
  private async batch(rows: readonly unknown[], action: AuditAction, noun: string, client: ClientContext, write: (raw: unknown) => Promise<Outcome>): Promise<SyncResult> {
    if (rows.length > SYNC_BATCH_MAX) throw new RangeError(`at most ${SYNC_BATCH_MAX} rows per batch`);
    const result: SyncResult = { created: 0, updated: 0, failed: 0, errors: [] };
    let unchanged = 0;
    for (const [index, raw] of rows.entries()) {
      try {
        const outcome = await write(raw);
        if (outcome === 'unchanged') unchanged += 1;
        else result[outcome] += 1;
      } catch (error) {
        if (!(error instanceof RowError || error instanceof AppError)) throw error;
        result.failed += 1;
        result.errors.push({ index, externalId: externalIdOf(raw), message: error.message });
      }
    }
    // An unchanged row counts as updated for the caller (it is in the state the platform sent).
    result.updated += unchanged;
    const detail = `${noun} ${rows.length} 条：新增 ${result.created}，更新 ${result.updated - unchanged}，未变 ${unchanged}，失败 ${result.failed}`;
    await appendAudit(this.db, { action, actorId: null, targetId: null, detail, client });
    return result;
  }

  // Sites

  async sites(rows: readonly unknown[], client: ClientContext): Promise<SyncResult> {
    let changed = false;
    const result = await this.batch(rows, 'integration.sites', '站点', client, async (raw) => {
      const row = checked<SyncSite>(SyncSite, raw, '站点');
      const outcome = await this.db.transaction((tx) => this.upsertSite(tx, row));
      if (outcome !== 'unchanged') changed = true;
      return outcome;
    });
    if (changed) await this.sitesChanged();
    return result;
  }

  private async upsertSite(tx: Tx, row: SyncSite): Promise<Outcome> {
    const name = trimmedOrFail(row.name, '站点名称不能为空');
    const region = trimmedOrFail(row.region, '区域不能为空');
    // As the console's writes do: other writers of the tree wait, reads go on.
    await tx.execute(sql`lock table ${sites} in share row exclusive mode`);
    let parentId: number | null = null;
    if (row.parentExternalId !== undefined && row.parentExternalId !== null) {
      const [parent] = await tx.select({ id: sites.id, archivedAt: sites.archivedAt }).from(sites).where(eq(sites.externalId, row.parentExternalId));
      if (!parent) throw new RowError(`上级站点 ${row.parentExternalId} 不存在（请先同步上级站点）`);
      if (parent.archivedAt !== null) throw new RowError('上级站点已归档');
      parentId = parent.id;
    }
    const [existing] = await tx.select().from(sites).where(eq(sites.externalId, row.externalId));
    const [clash] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.name, name), parentId === null ? isNull(sites.parentId) : eq(sites.parentId, parentId), isNull(sites.archivedAt), existing ? ne(sites.id, existing.id) : undefined))
      .limit(1);
    if (clash) throw new RowError('同一上级下已有同名站点');
    if (!existing) {
      const [next] = await tx.select({ id: sql<number>`coalesce(max(${sites.id}), 0)::int + 1` }).from(sites);
      const id = next?.id ?? 1;
      await tx.insert(sites).values({ id, name, region, parentId, externalId: row.externalId });
      return 'created';
    }
    if (existing.name === name && existing.region === region && existing.parentId === parentId) return 'unchanged';
    if (parentId !== null && parentId !== existing.parentId && (await this.isSelfOrBelow(tx, parentId, existing.id))) throw new RowError('不能移到自己或下级站点之下');
    await tx.update(sites).set({ name, region, parentId }).where(eq(sites.id, existing.id));
    return 'updated';
  }

  /** Whether `candidate` is `site` or lies below it (walking up from the candidate). */
  private async isSelfOrBelow(tx: Tx, candidate: number, site: number): Promise<boolean> {
    const seen = new Set<number>();
    for (let at: number | null = candidate; at !== null && !seen.has(at); ) {
      if (at === site) return true;
      seen.add(at);
      const [row] = await tx.select({ parentId: sites.parentId }).from(sites).where(eq(sites.id, at));
      at = row?.parentId ?? null;
    }
    return false;
  }

  /** Our id of a site named by id or external id (exactly one); a RowError when it is neither or unknown. */
  private async siteOf(db: Db | Tx, ref: { siteId?: number | undefined; siteExternalId?: string | undefined }): Promise<number> {
    if ((ref.siteId === undefined) === (ref.siteExternalId === undefined)) throw new RowError('请用 siteId 或 siteExternalId 之一指明站点');
    const [site] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(ref.siteId !== undefined ? eq(sites.id, ref.siteId) : eq(sites.externalId, ref.siteExternalId ?? ''));
    if (!site) throw new RowError(`站点 ${ref.siteId ?? ref.siteExternalId} 不存在`);
    return site.id;
  }

  // Staff

  async staff(rows: readonly unknown[], client: ClientContext): Promise<SyncResult> {
    return this.batch(rows, 'integration.staff', '员工', client, async (raw) => {
      const row = checked<SyncStaff>(SyncStaff, raw, '员工');
      try {
        return await this.upsertStaff(row, client);
      } catch (error) {
        if (isActivePhoneClash(error)) throw new RowError(PHONE_TAKEN);
        throw error;
      }
    });
  }

  private async upsertStaff(row: SyncStaff, client: ClientContext): Promise<Outcome> {
    const username = trimmedOrFail(row.name, '姓名不能为空');
    const phone = row.phone.trim();
    if (!isMobile(phone)) throw new RowError('请输入正确的手机号');
    const active = row.active ?? true;
    const wantedSites: { siteId: number; isLeader: boolean }[] = [];
    for (const position of row.positions) wantedSites.push({ siteId: await this.siteOf(this.db, position), isLeader: position.isLeader ?? false });

    // The person: by the platform's id, else the active person with the phone (linked from now on).
    const [byExternal] = await this.db.select().from(staff).where(eq(staff.externalId, row.externalId));
    const [byPhone] = byExternal ? [] : await this.db.select().from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active'), isNull(staff.externalId)));
    const person = byExternal ?? byPhone;
    if (person?.status === 'deleted') throw new RowError('该员工已注销');

    if (!person) {
      const wanted: AdminPositionInput[] = wantedSites.map((site) => ({ ...site, drawAuth: false }));
      // A one-time password nobody is told: people from the platform sign in with an SMS code.
      const { passwordHash } = await issueOneTimePassword();
      const id = await this.db.transaction(async (tx) => {
        const names = await checkPositions(tx, wanted);
        await ensurePhoneFree(tx, phone);
        const hire = { username, phone, passwordHash, wecomUserId: null, reportAllSites: false, teamReportAuth: false, isAdmin: false, positions: wanted };
        const created = await insertStaff(tx, hire);
        await tx.update(staff).set({ externalId: row.externalId }).where(eq(staff.id, created));
        const detail = `平台同步新员工 ${username}；岗位 ${describePositions(wanted, names)}`;
        await appendAudit(tx, { action: 'staff.create', actorId: null, targetId: created, detail, before: null, after: hireValues(hire, names), client });
        return created;
      });
      if (!active) await deactivateStaff(this.staffDeps, null, { staffId: id, handovers: [] }, client);
      return 'created';
    }

    let changed = false;
    if (person.externalId === null) {
      await this.db.update(staff).set({ externalId: row.externalId }).where(eq(staff.id, person.id));
      changed = true;
    }
    if (person.phone !== phone) {
      await this.db.transaction(async (tx) => {
        if (person.status === 'active') await ensurePhoneFree(tx, phone, person.id);
        await tx.update(staff).set({ phone }).where(eq(staff.id, person.id));
        await appendAudit(tx, { action: 'staff.update', actorId: null, targetId: person.id, detail: `平台同步 ${username}：手机号已更换`, client });
      });
      await this.staffDeps.staffChanged(person.id);
      changed = true;
    }
    if (person.status === 'inactive' && active) {
      await reactivateStaff(this.staffDeps, null, person.id, client);
      changed = true;
    }

    const held = await this.db.select().from(positions).where(eq(positions.staffId, person.id));
    const wanted: AdminPositionInput[] = wantedSites.map((site) => ({ ...site, drawAuth: held.find((position) => position.siteId === site.siteId)?.drawAuth ?? false }));
    const samePositions =
      held.length === wanted.length && wanted.every((position) => held.some((row) => row.siteId === position.siteId && row.isLeader === position.isLeader));
    if (username !== person.username || !samePositions) {
      // Customers at a site the person leaves go to that site's pool, as 离职 does.
      const leaving = new Set(held.map((position) => position.siteId).filter((siteId) => !wanted.some((position) => position.siteId === siteId)));
      const info = leaving.size === 0 ? { sites: [] } : await handoverInfo(this.db, person.id);
      const handovers = info.sites.filter((site) => leaving.has(site.siteId) && site.customerCount > 0).map((site) => ({ siteId: site.siteId, toStaffId: null }));
      await updateStaff(this.staffDeps, null, { staffId: person.id, username, positions: wanted, handovers }, client);
      changed = true;
    }

    if (!active && (person.status === 'active' || changed)) {
      const [now] = await this.db.select({ status: staff.status }).from(staff).where(eq(staff.id, person.id));
      if (now?.status === 'active') {
        const info = await handoverInfo(this.db, person.id);
        const handovers = info.sites.filter((site) => site.customerCount > 0).map((site) => ({ siteId: site.siteId, toStaffId: null }));
        await deactivateStaff(this.staffDeps, null, { staffId: person.id, handovers }, client);
        changed = true;
      }
    }
    return changed ? 'updated' : 'unchanged';
  }

  // Customers

  async customers(rows: readonly unknown[], client: ClientContext): Promise<SyncResult> {
    return this.batch(rows, 'integration.customers', '客户', client, async (raw) => {
      const row = checked<SyncCustomer>(SyncCustomer, raw, '客户');
      const siteId = await this.siteOf(this.db, row);
      return this.db.transaction((tx) => this.upsertCustomer(tx, siteId, row));
    });
  }

  /** The owner a row names: undefined when it names none, null for the pool, else an active member of the site. */
  private async ownerOf(tx: Tx, siteId: number, row: SyncCustomer): Promise<number | null | undefined> {
    if (row.ownerPhone !== undefined && row.ownerExternalId !== undefined) throw new RowError('负责人请用 ownerPhone 或 ownerExternalId 之一指明');
    const byPhone = row.ownerPhone !== undefined;
    if (!byPhone && row.ownerExternalId === undefined) return undefined;
    const value = (byPhone ? row.ownerPhone : row.ownerExternalId) ?? null;
    if (value === null || value.trim() === '') return null;
    const [person] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(byPhone ? eq(staff.phone, value.trim()) : eq(staff.externalId, value), eq(staff.status, 'active')))
      .limit(1);
    if (!person || !(await activeMemberOf(tx, siteId, person.id))) throw new RowError(`负责人 ${value} 不是该站点的在职成员`);
    return person.id;
  }

  private async upsertCustomer(tx: Tx, siteId: number, row: SyncCustomer): Promise<Outcome> {
    const name = trimmedOrFail(row.name, '客户名称不能为空');
    const contactName = trimmedOrFail(row.contactName, '联系人不能为空');
    const phone = customerPhoneOf(row.phone);
    if (!phone) throw new RowError('电话须为手机号或座机号（如 021-12345678）');
    const owner = await this.ownerOf(tx, siteId, row);
    const [existing] = await tx
      .select({ id: customers.id, siteId: customers.siteId, name: customers.name, contactName: customers.contactName, phone: customers.phone, address: customers.address, level: customers.level, source: customers.source, ownerId: customers.ownerId })
      .from(customers)
      .where(eq(customers.externalId, row.externalId))
      .for('update');
    const now = new Date();

    if (!existing) {
      await lockSiteForNewCustomers(tx, siteId);
      const [duplicate] = await findDuplicateCustomers(tx, siteId, { name, phone });
      if (duplicate) {
        const how = duplicate.matched === 'name' ? '同名' : '同电话';
        throw new RowError(`与已有客户「${duplicate.name}」（编号 ${duplicate.id}）${how}，未新建`);
      }
      const ownerId = owner ?? null;
      const [created] = await tx
        .insert(customers)
        .values({ siteId, name, contactName, phone, address: row.address?.trim() ?? '', level: row.level ?? 'C', source: row.source?.trim() ?? '', ownerId, qrToken: newQrToken(), externalId: row.externalId, createdAt: now, updatedAt: now })
        .returning({ id: customers.id });
      if (!created) throw new Error('the customer insert returned nothing');
      if (ownerId !== null) await tx.insert(customerBindings).values({ customerId: created.id, staffId: ownerId, boundBy: null, kind: 'create', boundAt: now });
      return 'created';
    }

    if (existing.siteId !== siteId) throw new RowError('客户不能更换站点');
    const fields = {
      name,
      contactName,
      phone,
      address: row.address === undefined ? existing.address : row.address.trim(),
      level: row.level ?? existing.level,
      source: row.source === undefined ? existing.source : row.source.trim(),
    };
    const fieldsChanged = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== existing[key]);
    const ownerChanged = owner !== undefined && owner !== existing.ownerId;
    if (!fieldsChanged && !ownerChanged) return 'unchanged';
    if (ownerChanged) {
      await tx
        .update(customerBindings)
        .set({ unboundAt: now, unboundBy: null, unboundReason: owner === null ? 'unbind' : 'transfer', unboundNote: '平台同步' })
        .where(and(eq(customerBindings.customerId, existing.id), isNull(customerBindings.unboundAt)));
      if (owner !== null) {
        await tx.insert(customerBindings).values({ customerId: existing.id, staffId: owner, boundBy: null, kind: existing.ownerId === null ? 'bind' : 'transfer', boundAt: now });
      }
    }
    await tx
      .update(customers)
      .set({ ...fields, ...(ownerChanged ? { ownerId: owner } : {}), updatedAt: now })
      .where(eq(customers.id, existing.id));
    return 'updated';
  }
}
