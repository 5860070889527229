/**
 * 系统设置 → 通讯录同步 (issue 28 §2): which directory the organisation follows, the department →
 * site mappings, the preview (a dry run that writes nothing), the apply of exactly what a preview
 * showed (the plan is computed again and must have the same fingerprint), and the daily sync: a
 * ScheduledJob on the one notice scheduler that, once a China day across all instances, applies what
 * a dry run shows and tells the administrators (消息中心) about the conflicts it left alone.
 */
import {
  chinaCalendar,
  chinaDayString,
  DIRECTORY_PROVIDER_LABELS,
  type AdminDirectoryApplyResult,
  type AdminDirectoryPlan,
  type AdminDirectorySaveBody,
  type AdminDirectoryStatus,
  type AdminDirectoryTree,
  type DirectoryProviderName,
  type DirectoryRunKind,
} from '@sales/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/client.js';
import { directoryMappings, directorySync, positions, sites, staff } from '../../../db/schema.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { appendAudit, type ClientContext } from '../audit.js';
import type { StaffActor } from '../admin/staff-lifecycle.js';
import { HostApiError } from '../host-apps/host-api.js';
import type { ScheduledJob } from '../notices/notice-scheduler.js';
import { createNotices } from '../notices/notices-repository.js';
import { applyPlan, DIRECTORY_CHANGED, DIRECTORY_SYNC_LOCK, type ApplyOutcome } from './directory-apply.js';
import { planCounts, planSync, type Plan } from './directory-plan.js';
import type { DirectoryProvider } from './directory-provider.js';

export const PROVIDER_NOT_CONFIGURED = (provider: DirectoryProviderName) => `${DIRECTORY_PROVIDER_LABELS[provider]}未配置，无法同步通讯录`;
export const NO_PROVIDER = '请先选择通讯录来源并映射部门';
export const NO_MAPPINGS = '请先勾选要作为站点的部门';

/** The daily sync runs from this hour, China time. */
export const DIRECTORY_SYNC_HOUR = 2;
/** The job's name on the scheduler. */
export const DIRECTORY_SYNC_JOB = 'directorySync';
/** The scheduler asks this often whether the day's sync is due. */
const DIRECTORY_SYNC_INTERVAL_MS = 10 * 60 * 1000;

/** Where the conflicts notice links (消息中心 shows its text; the console lists them). */
const CONFLICT_LINK = '/pages/my/messageCenter';

const SETTINGS_ROW = 1;

export interface DirectoryDeps {
  db: Db;
  providers: Partial<Record<DirectoryProviderName, DirectoryProvider>>;
  /** Drops every instance's cache of a person (after commit). */
  staffChanged(staffId: number): Promise<void>;
  /** Drops every instance's cached scopes (sites and leadership moved). */
  sitesChanged(): Promise<void>;
  log?: FastifyBaseLogger;
}

/** A provider failure in Chinese: the call and errcode, never a token or secret. */
function providerFailure(provider: DirectoryProviderName, error: unknown): string {
  const name = DIRECTORY_PROVIDER_LABELS[provider];
  if (error instanceof HostApiError) return `读取${name}通讯录失败（${error.errcode !== undefined ? `错误码 ${error.errcode}` : '无法连接'}），请检查应用的通讯录权限与可信 IP`;
  return `读取${name}通讯录失败`;
}

export class DirectorySync {
  constructor(private readonly deps: DirectoryDeps) {}

  private provider(name: DirectoryProviderName): DirectoryProvider {
    const provider = this.deps.providers[name];
    if (!provider) throw badRequest(PROVIDER_NOT_CONFIGURED(name));
    return provider;
  }

  async status(): Promise<AdminDirectoryStatus> {
    const db = this.deps.db;
    const [row] = await db.select().from(directorySync).where(eq(directorySync.id, SETTINGS_ROW));
    const provider = row?.provider ?? null;
    const mappings =
      provider === null
        ? []
        : await db
            .select({
              departmentId: directoryMappings.departmentId,
              departmentName: directoryMappings.departmentName,
              siteId: directoryMappings.siteId,
              siteName: sites.name,
              parentSiteId: directoryMappings.parentSiteId,
              region: directoryMappings.region,
              handoverStaffId: directoryMappings.handoverStaffId,
              handoverName: staff.username,
            })
            .from(directoryMappings)
            .leftJoin(sites, eq(sites.id, directoryMappings.siteId))
            .leftJoin(staff, eq(staff.id, directoryMappings.handoverStaffId))
            .where(eq(directoryMappings.provider, provider))
            .orderBy(asc(directoryMappings.departmentId));
    return {
      providers: (Object.keys(this.deps.providers) as DirectoryProviderName[]).sort(),
      provider,
      dailySync: row?.dailySync ?? false,
      mappings,
      lastRun:
        row?.lastRunKind && row.lastRunAt
          ? { kind: row.lastRunKind, at: row.lastRunAt.toISOString(), counts: row.lastRunCounts ?? {}, error: row.lastError ?? null }
          : null,
    };
  }

  /** The directory's departments, with how many people each holds directly. */
  async tree(name: DirectoryProviderName): Promise<AdminDirectoryTree> {
    let snapshot;
    try {
      snapshot = await this.provider(name).snapshot();
    } catch (error) {
      if (error instanceof HostApiError) throw badRequest(providerFailure(name, error));
      throw error;
    }
    const members = new Map<string, number>();
    for (const person of snapshot.people) for (const membership of person.departments) members.set(membership.departmentId, (members.get(membership.departmentId) ?? 0) + 1);
    return { departments: snapshot.departments.map((department) => ({ ...department, memberCount: members.get(department.id) ?? 0 })) };
  }

  /**
   * Saves the provider, the daily switch and the mappings (the set replaces the old one). A mapped
   * department names an existing site that is in use, or a parent (or none) for a new one; one
   * site per department. Checked against the directory, so a department that does not exist is refused.
   */
  async save(input: AdminDirectorySaveBody, admin: StaffActor, client: ClientContext): Promise<AdminDirectoryStatus> {
    const provider = this.provider(input.provider);
    const ids = input.mappings.map((mapping) => mapping.departmentId);
    if (new Set(ids).size !== ids.length) throw badRequest('同一部门只能映射一次');
    let departments;
    try {
      departments = await provider.departments();
    } catch (error) {
      if (error instanceof HostApiError) throw badRequest(providerFailure(input.provider, error));
      throw error;
    }
    const names = new Map(departments.map((department) => [department.id, department.name.slice(0, 64)]));
    const unknown = ids.find((id) => !names.has(id));
    if (unknown !== undefined) throw badRequest(`通讯录中没有部门 ${unknown}`);
    const siteIds = [...new Set(input.mappings.flatMap((mapping) => [mapping.siteId, mapping.parentSiteId]).filter((id): id is number => typeof id === 'number'))];
    await this.deps.db.transaction(async (tx) => {
      const found = siteIds.length === 0 ? [] : await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(inArray(sites.id, siteIds), isNull(sites.archivedAt)));
      if (found.length !== siteIds.length) throw badRequest('所选站点不存在或已归档');
      const [before] = await tx.select().from(directorySync).where(eq(directorySync.id, SETTINGS_ROW)).for('update');
      const previous = await tx.select().from(directoryMappings).where(eq(directoryMappings.provider, input.provider));
      const rows = input.mappings.map((mapping) => {
        const kept = previous.find((row) => row.departmentId === mapping.departmentId);
        // A department whose new site an apply already created keeps it, unless another site is chosen.
        const siteId = mapping.siteId ?? (kept && kept.siteId !== null && mapping.parentSiteId === undefined ? kept.siteId : null);
        return {
          provider: input.provider,
          departmentId: mapping.departmentId,
          departmentName: names.get(mapping.departmentId) ?? mapping.departmentId,
          siteId,
          parentSiteId: siteId === null ? (mapping.parentSiteId ?? null) : null,
          region: mapping.region?.trim() || null,
          handoverStaffId: mapping.handoverStaffId ?? null,
        };
      });
      // 离职交接人: an active member of the mapping's site (a site still to be created has none yet).
      for (const row of rows) {
        if (row.handoverStaffId === null) continue;
        const departmentName = names.get(row.departmentId) ?? row.departmentId;
        if (row.siteId === null) throw badRequest(`部门「${departmentName}」映射到新建站点，站点建好前不能指定离职交接人`);
        const [member] = await tx
          .select({ id: staff.id })
          .from(positions)
          .innerJoin(staff, eq(staff.id, positions.staffId))
          .where(and(eq(positions.siteId, row.siteId), eq(positions.staffId, row.handoverStaffId), eq(staff.status, 'active')))
          .limit(1);
        if (!member) throw badRequest(`部门「${departmentName}」的交接人须为该站点的在职员工`);
      }
      await tx.delete(directoryMappings).where(eq(directoryMappings.provider, input.provider));
      if (rows.length > 0) await tx.insert(directoryMappings).values(rows);
      await tx
        .insert(directorySync)
        .values({ id: SETTINGS_ROW, provider: input.provider, dailySync: input.dailySync })
        .onConflictDoUpdate({ target: directorySync.id, set: { provider: input.provider, dailySync: input.dailySync, updatedAt: new Date() } });
      await appendAudit(tx, {
        action: 'directory.settings',
        actorId: admin?.id ?? null,
        targetId: null,
        detail: `通讯录同步设置 ${DIRECTORY_PROVIDER_LABELS[input.provider]}：映射 ${input.mappings.length} 个部门（指定离职交接人 ${rows.filter((row) => row.handoverStaffId !== null).length} 个），每日同步 ${input.dailySync ? '开' : '关'}`,
        before: before
          ? { provider: before.provider, dailySync: before.dailySync, mappings: previous.length, handovers: previous.filter((row) => row.handoverStaffId !== null).map((row) => `${row.departmentName} → ${row.handoverStaffId}`) }
          : null,
        after: { provider: input.provider, dailySync: input.dailySync, mappings: input.mappings.length, handovers: rows.filter((row) => row.handoverStaffId !== null).map((row) => `${row.departmentName} → ${row.handoverStaffId}`) },
        client,
      });
    });
    return this.status();
  }

  /** The chosen provider and its snapshot, or a 4xx in Chinese. */
  private async current(db: Db | Tx): Promise<{ name: DirectoryProviderName; snapshot: Awaited<ReturnType<DirectoryProvider['snapshot']>> }> {
    const [row] = await db.select({ provider: directorySync.provider }).from(directorySync).where(eq(directorySync.id, SETTINGS_ROW));
    const name = row?.provider;
    if (!name) throw badRequest(NO_PROVIDER);
    const [mapping] = await db.select({ id: directoryMappings.id }).from(directoryMappings).where(eq(directoryMappings.provider, name)).limit(1);
    if (!mapping) throw badRequest(NO_MAPPINGS);
    const provider = this.provider(name);
    try {
      return { name, snapshot: await provider.snapshot() };
    } catch (error) {
      if (error instanceof HostApiError) {
        const message = providerFailure(name, error);
        await this.recordRun(db, 'preview', {}, message);
        throw badRequest(message);
      }
      throw error;
    }
  }

  private async recordRun(db: Db | Tx, kind: DirectoryRunKind, counts: Record<string, number>, error: string | null): Promise<void> {
    await db
      .update(directorySync)
      .set({ lastRunKind: kind, lastRunAt: new Date(), lastRunCounts: counts, lastError: error?.slice(0, 256) ?? null })
      .where(eq(directorySync.id, SETTINGS_ROW));
  }

  /** 预览: what a sync would do now; nothing is written but the last run's status. */
  async preview(): Promise<AdminDirectoryPlan> {
    const { name, snapshot } = await this.current(this.deps.db);
    const plan = await planSync(this.deps.db, name, snapshot);
    await this.recordRun(this.deps.db, 'preview', planCounts(plan), null);
    return publicPlan(plan);
  }

  /** 同步: exactly the preview named by `fingerprint`; 409 when the directory or the organisation changed since. */
  async apply(fingerprint: string, admin: StaffActor, client: ClientContext): Promise<AdminDirectoryApplyResult> {
    const { name, snapshot } = await this.current(this.deps.db);
    const plan = await planSync(this.deps.db, name, snapshot);
    if (plan.fingerprint !== fingerprint) throw conflict(DIRECTORY_CHANGED);
    const outcome = await applyPlan(this.deps.db, plan, { actor: admin, client });
    await this.deps.db.transaction(async (tx) => {
      await this.audit(tx, 'apply', plan, outcome, admin, client);
      await this.recordRun(tx, 'apply', outcome.counts, null);
    });
    await this.afterCommit(outcome);
    return { counts: outcome.counts, conflicts: plan.conflicts };
  }

  private async audit(tx: Tx, kind: DirectoryRunKind, plan: Plan, outcome: ApplyOutcome, admin: StaffActor, client: ClientContext): Promise<void> {
    const counts = outcome.counts;
    await appendAudit(tx, {
      action: 'directory.sync',
      actorId: admin?.id ?? null,
      targetId: null,
      detail: `${kind === 'scheduled' ? '每日同步' : '手动同步'} ${DIRECTORY_PROVIDER_LABELS[plan.provider]}：站点 ${counts.sites ?? 0}，新建 ${counts.create ?? 0}，更新 ${counts.update ?? 0}，调动 ${counts.move ?? 0}，离职 ${counts.deactivate ?? 0}，复职 ${counts.reactivate ?? 0}，冲突 ${counts.conflicts ?? 0}`,
      before: null,
      after: { ...counts, conflicts: plan.conflicts.map((item) => `${item.name}（${item.directoryId}）：${item.reason}`).slice(0, 50) },
      client,
    });
  }

  private async afterCommit(outcome: ApplyOutcome): Promise<void> {
    if (outcome.sitesChanged) await this.deps.sitesChanged();
    for (const id of outcome.touched) await this.deps.staffChanged(id);
  }

  /**
   * The daily sync in the scheduler's transaction (which holds DIRECTORY_SYNC_LOCK): when it is on,
   * past DIRECTORY_SYNC_HOUR and not yet run today (the day is claimed in the same transaction, so
   * N instances run it once), the plan is computed and applied, each batch a savepoint. Conflicts
   * go to every active administrator as one notice a day. A directory that cannot be read is
   * recorded as the last run's error and tried again the next day.
   */
  async runScheduled(tx: Tx, at: Date): Promise<Record<string, number>> {
    if (chinaCalendar(at).hour < DIRECTORY_SYNC_HOUR) return {};
    const today = chinaDayString(at);
    const claimed = await tx
      .update(directorySync)
      .set({ scheduledOn: today })
      .where(and(eq(directorySync.id, SETTINGS_ROW), eq(directorySync.dailySync, true), sql`${directorySync.provider} is not null`, sql`(${directorySync.scheduledOn} is null or ${directorySync.scheduledOn} < ${today})`))
      .returning({ provider: directorySync.provider });
    const name = claimed[0]?.provider;
    if (!name) return {};
    const provider = this.deps.providers[name];
    if (!provider) {
      await this.recordRun(tx, 'scheduled', {}, PROVIDER_NOT_CONFIGURED(name));
      return {};
    }
    let snapshot;
    try {
      snapshot = await provider.snapshot();
    } catch (error) {
      this.deps.log?.warn({ err: error instanceof HostApiError ? error.message : 'error' }, 'directory sync could not read the directory');
      await this.recordRun(tx, 'scheduled', {}, providerFailure(name, error));
      return {};
    }
    const plan = await planSync(tx, name, snapshot);
    const client: ClientContext = { ip: 'scheduler', userAgent: 'directory sync' };
    const outcome = await applyPlan(tx, plan, { actor: null, client });
    await this.audit(tx, 'scheduled', plan, outcome, null, client);
    await this.recordRun(tx, 'scheduled', outcome.counts, null);
    if (plan.conflicts.length > 0) {
      const admins = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.isAdmin, true), eq(staff.status, 'active')));
      const listed = plan.conflicts.slice(0, 5).map((item) => `${item.name}：${item.reason}`);
      const body = `${DIRECTORY_PROVIDER_LABELS[name]}通讯录同步有 ${plan.conflicts.length} 项冲突未处理，请在管理后台 系统设置 → 通讯录同步 中查看。${listed.join('；')}${plan.conflicts.length > listed.length ? '……' : ''}`;
      await createNotices(
        tx,
        admins.map((admin) => ({ staffId: admin.id, kind: 'directoryConflict' as const, dedupeKey: `directoryConflict:${today}`, title: '通讯录同步冲突', body: body.slice(0, 500), link: CONFLICT_LINK })),
      );
    }
    // The scheduler commits right after; the caches are dropped now (a read in between re-reads the database).
    await this.afterCommit(outcome);
    return outcome.counts;
  }

  /** The daily sync as a job of the notice scheduler. */
  job(): ScheduledJob {
    return { name: DIRECTORY_SYNC_JOB, lockKey: DIRECTORY_SYNC_LOCK, intervalMs: DIRECTORY_SYNC_INTERVAL_MS, run: (tx, at) => this.runScheduled(tx, at) };
  }
}

/** The plan as the console sees it (no phone in full, nothing internal). */
export function publicPlan(plan: Plan): AdminDirectoryPlan {
  return { provider: plan.provider, fingerprint: plan.fingerprint, sites: plan.sites, people: plan.people, conflicts: plan.conflicts };
}
