/**
 * The dry run of a directory sync (issue 28 §2): from the directory as the provider answers it,
 * the admin's department → site mappings and the organisation as the database holds it, every
 * site to create, rename or move, every person to create, update, move, deactivate or reactivate,
 * and every conflict — listed, never guessed. Nothing is written here; apply (directory-apply.ts)
 * writes exactly this plan, after computing it again and finding the same fingerprint.
 *
 * People are matched by their directory id first (staff.wecom_user_id / dingtalk_user_id), then by
 * the mobile number when the directory gives one. A person keeps one position per mapped
 * department's site and leads it when the directory says they lead THAT department. Positions at
 * sites no department maps onto are the console's and stay as they are, and so are the people the
 * sync does not manage: only someone in a mapped department, or holding a position at a mapped
 * site, is created, moved, deactivated or reactivated by it.
 */
import { createHash } from 'node:crypto';
import { maskPhone, type AdminDirectoryConflict, type AdminHandover, type AdminDirectoryPersonChange, type AdminDirectoryPlan, type AdminDirectorySiteChange, type DirectoryProviderName } from '@sales/contract';
import { asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { directoryMappings, positions, sites, staff } from '../../../db/schema.js';
import type { SiteRow } from '../admin/site-tree.js';
import type { DirectoryPerson, DirectorySnapshot } from './directory-provider.js';

/** A site that exists (its id) or that the plan creates for a department (`new:<departmentId>`). */
export type SiteRef = number | `new:${string}`;

export interface PlannedSite extends AdminDirectorySiteChange {
  /** create and move: the parent after the change. */
  parent: SiteRef | null;
  region: string;
  depth: number;
}

export interface PlannedPosition {
  site: SiteRef;
  isLeader: boolean;
}

export interface PlannedPerson extends AdminDirectoryPersonChange {
  /** create: the person as written. */
  username: string;
  /** The full number for writing (the public `phone` is masked); null when it does not change. */
  newPhone: string | null;
  /** update: the directory id to link, when not linked yet. */
  link: boolean;
  /** Positions to add and sites whose position goes or whose leader flag flips. */
  addPositions: PlannedPosition[];
  removeSites: number[];
  leaderChanges: { siteId: number; isLeader: boolean }[];
  /** deactivate: the sites whose customers go to the mapping's 离职交接人 (every other site's go to its pool). */
  handovers: AdminHandover[];
}

export interface Plan extends AdminDirectoryPlan {
  sitesPlanned: PlannedSite[];
  peoplePlanned: PlannedPerson[];
  /** The directory's department names, for the mappings' stored names. */
  departmentNames: Map<string, string>;
}

interface MappingRow {
  departmentId: string;
  siteId: number | null;
  parentSiteId: number | null;
  region: string | null;
  handoverStaffId: number | null;
}

interface StaffRow {
  id: number;
  username: string;
  phone: string;
  status: 'active' | 'inactive' | 'deleted';
  isAdmin: boolean;
  wecomUserId: string | null;
  dingtalkUserId: string | null;
}

export const directoryIdOf = (provider: DirectoryProviderName, person: Pick<StaffRow, 'wecomUserId' | 'dingtalkUserId'>) => (provider === 'wecom' ? person.wecomUserId : person.dingtalkUserId);

const SITE_NAME_MAX = 64;
const PERSON_NAME_MAX = 32;
const role = (isLeader: boolean) => (isLeader ? '主管' : '业务员');

/** The organisation as the plan needs it, read with `db` (the transaction's, when inside one). */
async function readOrganisation(db: Db | Tx, provider: DirectoryProviderName) {
  const [mappings, siteRows, people, held] = await Promise.all([
    db
      .select({
        departmentId: directoryMappings.departmentId,
        siteId: directoryMappings.siteId,
        parentSiteId: directoryMappings.parentSiteId,
        region: directoryMappings.region,
        handoverStaffId: directoryMappings.handoverStaffId,
      })
      .from(directoryMappings)
      .where(eq(directoryMappings.provider, provider))
      .orderBy(asc(directoryMappings.departmentId)),
    db.select({ id: sites.id, name: sites.name, region: sites.region, parentId: sites.parentId, archivedAt: sites.archivedAt }).from(sites),
    db
      .select({
        id: staff.id,
        username: staff.username,
        phone: staff.phone,
        status: staff.status,
        isAdmin: staff.isAdmin,
        wecomUserId: staff.wecomUserId,
        dingtalkUserId: staff.dingtalkUserId,
      })
      .from(staff)
      .where(ne(staff.status, 'deleted'))
      .orderBy(asc(staff.id)),
    db.select({ staffId: positions.staffId, siteId: positions.siteId, isLeader: positions.isLeader }).from(positions).orderBy(asc(positions.id)),
  ]);
  return { mappings: mappings as MappingRow[], sites: siteRows as SiteRow[], people: people as StaffRow[], held };
}

/** The plan for `snapshot` against the organisation `db` reads. */
export async function planSync(db: Db | Tx, provider: DirectoryProviderName, snapshot: DirectorySnapshot): Promise<Plan> {
  const org = await readOrganisation(db, provider);
  const conflicts: AdminDirectoryConflict[] = [];
  const departments = new Map(snapshot.departments.map((department) => [department.id, department]));
  const siteById = new Map(org.sites.map((site) => [site.id, site]));

  // ---- Sites: which mappings are usable, and what happens to their sites.
  const mapped = new Map(org.mappings.map((mapping) => [mapping.departmentId, mapping]));
  const refOf = new Map<string, SiteRef>();
  for (const mapping of org.mappings) {
    const department = departments.get(mapping.departmentId);
    if (!department) {
      conflicts.push({ directoryId: mapping.departmentId, name: `部门 ${mapping.departmentId}`, reason: '通讯录中已没有这个部门：映射保留，站点不变，请在映射中取消或改选' });
      continue;
    }
    if (mapping.siteId === null) {
      refOf.set(mapping.departmentId, `new:${mapping.departmentId}`);
      continue;
    }
    const site = siteById.get(mapping.siteId);
    if (!site || site.archivedAt !== null) {
      conflicts.push({ directoryId: mapping.departmentId, name: department.name, reason: `映射的站点${site ? `「${site.name}」已归档` : '已不存在'}，请改选站点` });
      continue;
    }
    refOf.set(mapping.departmentId, site.id);
  }
  /** The nearest mapped (usable) department above `departmentId`, and how deep it is. */
  const mappedAncestor = (departmentId: string): string | null => {
    const seen = new Set<string>([departmentId]);
    for (let at = departments.get(departmentId)?.parentId ?? null; at !== null && !seen.has(at); at = departments.get(at)?.parentId ?? null) {
      seen.add(at);
      if (refOf.has(at)) return at;
    }
    return null;
  };
  const depthOf = (departmentId: string): number => {
    let depth = 0;
    for (let at = mappedAncestor(departmentId); at !== null; at = mappedAncestor(at)) depth += 1;
    return depth;
  };
  const descendantsOf = (id: number): Set<number> => {
    const below = new Set<number>();
    let frontier = [id];
    while (frontier.length > 0) {
      const parents = new Set(frontier);
      frontier = org.sites.filter((site) => site.parentId !== null && parents.has(site.parentId) && !below.has(site.id)).map((site) => site.id);
      for (const child of frontier) below.add(child);
    }
    return below;
  };
  // Names taken under each parent by sites that stay in use (checked against what the plan adds).
  const key = (parent: SiteRef | null, name: string) => `${parent ?? 'top'}\u0000${name}`;
  const taken = new Map<string, SiteRef>();
  for (const site of org.sites) if (site.archivedAt === null) taken.set(key(site.parentId, site.name), site.id);

  const sitesPlanned: PlannedSite[] = [];
  const ordered = [...refOf.keys()].sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b));
  for (const departmentId of ordered) {
    const department = departments.get(departmentId);
    const ref = refOf.get(departmentId);
    const mapping = mapped.get(departmentId);
    if (!department || ref === undefined || !mapping) continue;
    const name = department.name.trim().slice(0, SITE_NAME_MAX) || `部门${departmentId}`;
    const ancestor = mappedAncestor(departmentId);
    const ancestorRef = ancestor === null ? undefined : refOf.get(ancestor);
    const depth = depthOf(departmentId);
    const unusable = (reason: string) => {
      conflicts.push({ directoryId: departmentId, name: department.name, reason });
      refOf.delete(departmentId);
    };
    if (typeof ref === 'string') {
      const parent = ancestorRef ?? mapping.parentSiteId;
      if (typeof parent === 'number' && siteById.get(parent)?.archivedAt !== null) {
        unusable('新站点的上级站点已归档或不存在，请改选上级');
        continue;
      }
      if (taken.has(key(parent, name))) {
        unusable(`上级下已有名为「${name}」的站点：请改为映射到该站点`);
        continue;
      }
      taken.set(key(parent, name), ref);
      const parentName = parent === null ? '顶层' : typeof parent === 'number' ? (siteById.get(parent)?.name ?? `站点${parent}`) : (departments.get(parent.slice(4))?.name ?? parent);
      sitesPlanned.push({ action: 'create', departmentId, siteId: null, name, detail: `新建站点「${name}」，上级 ${parentName}`, parent, region: mapping.region?.trim() || name, depth });
      continue;
    }
    const site = siteById.get(ref);
    if (!site) continue;
    if (name !== site.name) {
      const holder = taken.get(key(site.parentId, name));
      if (holder !== undefined && holder !== site.id) {
        unusable(`改名为「${name}」会与同一上级下的站点重名`);
        continue;
      }
      taken.delete(key(site.parentId, site.name));
      taken.set(key(site.parentId, name), site.id);
      sitesPlanned.push({ action: 'rename', departmentId, siteId: site.id, name, detail: `「${site.name}」改名为「${name}」`, parent: site.parentId, region: site.region, depth });
    }
    // The site sits under the site of the nearest mapped department above it; with none, where the admin put it.
    if (ancestorRef !== undefined && ancestorRef !== site.parentId) {
      if (typeof ancestorRef === 'number' && (ancestorRef === site.id || descendantsOf(site.id).has(ancestorRef))) {
        conflicts.push({ directoryId: departmentId, name: department.name, reason: '通讯录的上下级与站点树相反（上级部门的站点在本站点之下），站点未移动' });
        continue;
      }
      const parentName = typeof ancestorRef === 'number' ? (siteById.get(ancestorRef)?.name ?? `站点${ancestorRef}`) : (departments.get(ancestorRef.slice(4))?.name ?? ancestorRef);
      sitesPlanned.push({ action: 'move', departmentId, siteId: site.id, name, detail: `「${name}」移到「${parentName}」之下`, parent: ancestorRef, region: site.region, depth });
    }
  }
  const siteLabel = (ref: SiteRef): string => (typeof ref === 'number' ? (siteById.get(ref)?.name ?? `站点${ref}`) : (departments.get(ref.slice(4))?.name ?? ref));
  /** The sites the sync manages: every usable mapping's. Positions elsewhere are the console's. */
  const managedSites = new Set([...refOf.values()].filter((ref): ref is number => typeof ref === 'number'));

  // ---- People.
  const conflictOf = (person: DirectoryPerson, reason: string) => conflicts.push({ directoryId: person.userId, name: person.name, reason });
  const byDirectoryId = new Map<string, StaffRow[]>();
  for (const row of org.people) {
    const id = directoryIdOf(provider, row);
    if (id) byDirectoryId.set(id, [...(byDirectoryId.get(id) ?? []), row]);
  }
  const activeByPhone = new Map(org.people.filter((row) => row.status === 'active').map((row) => [row.phone, row]));
  const inactiveByPhone = new Map<string, StaffRow[]>();
  for (const row of org.people.filter((person) => person.status === 'inactive')) inactiveByPhone.set(row.phone, [...(inactiveByPhone.get(row.phone) ?? []), row]);
  const heldBy = new Map<number, { siteId: number; isLeader: boolean }[]>();
  for (const position of org.held) heldBy.set(position.staffId, [...(heldBy.get(position.staffId) ?? []), position]);
  const mobileCount = new Map<string, number>();
  for (const person of snapshot.people) if (person.mobile) mobileCount.set(person.mobile, (mobileCount.get(person.mobile) ?? 0) + 1);

  const peoplePlanned: PlannedPerson[] = [];
  const seen = new Set<string>();
  /** Directory ids matched to a person: none may match two. */
  const matchedStaff = new Map<number, string>();
  const people = [...snapshot.people].sort((a, b) => a.userId.localeCompare(b.userId));
  for (const person of people) {
    seen.add(person.userId);
    // The positions the directory gives, one per site; two departments onto one site must agree.
    const wanted = new Map<SiteRef, boolean>();
    let roleClash = false;
    for (const membership of person.departments) {
      const ref = refOf.get(membership.departmentId);
      if (ref === undefined) continue;
      const before = wanted.get(ref);
      if (before !== undefined && before !== membership.isLeader) roleClash = true;
      wanted.set(ref, membership.isLeader);
    }
    const linked = byDirectoryId.get(person.userId) ?? [];
    if (linked.length > 1) {
      conflictOf(person, `通讯录账号同时关联了 ${linked.length} 位员工（${linked.map((row) => `${row.username}#${row.id}`).join('、')}），请在员工页只保留一位`);
      continue;
    }
    let local = linked[0];
    if (!local && wanted.size === 0) continue;
    if (roleClash) {
      conflictOf(person, '在映射到同一站点的两个部门中角色不同（一个是主管，一个不是），请调整部门或映射');
      continue;
    }
    if (person.mobile && (mobileCount.get(person.mobile) ?? 0) > 1) {
      conflictOf(person, `通讯录中有 ${mobileCount.get(person.mobile)} 人使用手机号 ${maskPhone(person.mobile)}`);
      continue;
    }
    if (!local && person.mobile) {
      const holder = activeByPhone.get(person.mobile);
      const former = inactiveByPhone.get(person.mobile) ?? [];
      const candidate = holder ?? (former.length === 1 ? former[0] : undefined);
      if (!holder && former.length > 1) {
        conflictOf(person, `手机号 ${maskPhone(person.mobile)} 对应 ${former.length} 位已停用员工，无法确定是谁`);
        continue;
      }
      if (candidate) {
        const theirs = directoryIdOf(provider, candidate);
        if (theirs && theirs !== person.userId) {
          conflictOf(person, `手机号 ${maskPhone(person.mobile)} 已被员工 ${candidate.username} 使用，且其关联了另一个通讯录账号 ${theirs}`);
          continue;
        }
        local = candidate;
      }
    }
    if (local) {
      const other = matchedStaff.get(local.id);
      if (other !== undefined) {
        conflictOf(person, `与通讯录账号 ${other} 对应同一位员工 ${local.username}`);
        continue;
      }
      matchedStaff.set(local.id, person.userId);
    }
    const name = person.name.trim().slice(0, PERSON_NAME_MAX);
    if (name.length === 0) {
      conflictOf(person, '通讯录中没有姓名');
      continue;
    }

    if (!local) {
      if (!person.active) continue;
      if (!person.mobile) {
        conflictOf(person, '通讯录未提供手机号，无法新建：请在员工页新建此人并填写其通讯录账号，或在通讯录后台允许应用读取手机号');
        continue;
      }
      const addPositions = [...wanted].map(([site, isLeader]) => ({ site, isLeader }));
      peoplePlanned.push({
        action: 'create',
        directoryId: person.userId,
        staffId: null,
        name,
        phone: maskPhone(person.mobile),
        changes: [`岗位 ${addPositions.map((position) => `${siteLabel(position.site)} ${role(position.isLeader)}`).join('、')}`],
        username: name,
        newPhone: person.mobile,
        link: true,
        addPositions,
        removeSites: [],
        leaderChanges: [],
        handovers: [],
      });
      continue;
    }

    // Only the people of the mapped departments and sites: someone elsewhere in the company is not this sync's.
    if (wanted.size === 0 && !(heldBy.get(local.id) ?? []).some((position) => managedSites.has(position.siteId))) continue;
    if (!person.active) {
      if (local.status !== 'active') continue;
      if (local.isAdmin) {
        conflictOf(person, `通讯录中已停用，但 ${local.username} 是系统管理员：不自动停用，请在员工页处理`);
        continue;
      }
      peoplePlanned.push(leaver(local, person.userId, '通讯录中已停用或未激活'));
      continue;
    }

    const changes: string[] = [];
    const reactivate = local.status === 'inactive';
    let newPhone: string | null = null;
    if (person.mobile && person.mobile !== local.phone) {
      const holder = activeByPhone.get(person.mobile);
      if (holder && holder.id !== local.id) {
        conflictOf(person, `手机号 ${maskPhone(person.mobile)} 已被在职员工 ${holder.username} 使用`);
        continue;
      }
      newPhone = person.mobile;
      changes.push(`手机号 ${maskPhone(local.phone)} → ${maskPhone(person.mobile)}`);
    }
    if (reactivate) {
      const holder = activeByPhone.get(newPhone ?? local.phone);
      if (holder && holder.id !== local.id) {
        conflictOf(person, `通讯录中已启用，但其手机号已被在职员工 ${holder.username} 使用，无法复职`);
        continue;
      }
      changes.unshift('复职');
    }
    if (name !== local.username) changes.push(`姓名 ${local.username} → ${name}`);
    const link = directoryIdOf(provider, local) !== person.userId;
    if (link) changes.push(`关联通讯录账号 ${person.userId}`);
    const held = (heldBy.get(local.id) ?? []).filter((position) => managedSites.has(position.siteId));
    const heldAt = new Map(held.map((position) => [position.siteId, position.isLeader]));
    const addPositions = [...wanted].filter(([site]) => typeof site === 'string' || !heldAt.has(site)).map(([site, isLeader]) => ({ site, isLeader }));
    const removeSites = [...heldAt.keys()].filter((siteId) => !wanted.has(siteId));
    const leaderChanges = [...wanted]
      .filter((entry): entry is [number, boolean] => typeof entry[0] === 'number' && heldAt.has(entry[0]) && heldAt.get(entry[0]) !== entry[1])
      .map(([siteId, isLeader]) => ({ siteId, isLeader }));
    for (const position of addPositions) changes.push(`加入 ${siteLabel(position.site)} ${role(position.isLeader)}`);
    for (const siteId of removeSites) changes.push(`离开 ${siteLabel(siteId)}（客户退回站点公海）`);
    for (const change of leaderChanges) changes.push(`${siteLabel(change.siteId)} ${role(!change.isLeader)} → ${role(change.isLeader)}`);
    if (changes.length === 0) continue;
    peoplePlanned.push({
      action: reactivate ? 'reactivate' : addPositions.length > 0 || removeSites.length > 0 ? 'move' : 'update',
      directoryId: person.userId,
      staffId: local.id,
      name,
      phone: maskPhone(newPhone ?? local.phone),
      changes,
      username: name,
      newPhone,
      link,
      addPositions,
      removeSites,
      leaderChanges,
      handovers: [],
    });
  }

  // Linked people of the mapped sites the directory no longer has: removed from the company.
  for (const row of org.people) {
    const id = directoryIdOf(provider, row);
    if (!id || seen.has(id) || row.status !== 'active') continue;
    if (!(heldBy.get(row.id) ?? []).some((position) => managedSites.has(position.siteId))) continue;
    if ((byDirectoryId.get(id) ?? []).length > 1) continue;
    if (row.isAdmin) {
      conflicts.push({ directoryId: id, name: row.username, reason: `通讯录中已没有此人，但 ${row.username} 是系统管理员：不自动停用，请在员工页处理` });
      continue;
    }
    peoplePlanned.push(leaver(row, id, '通讯录中已没有此人'));
  }

  // ---- Leavers' customers: to the 离职交接人 of each mapped site they hold a position at, while that
  // colleague is active, stays, and keeps their position there; otherwise to the site's pool.
  const colleagueOf = new Map<number, number>();
  for (const mapping of org.mappings) {
    const ref = refOf.get(mapping.departmentId);
    if (typeof ref === 'number' && mapping.handoverStaffId !== null && !colleagueOf.has(ref)) colleagueOf.set(ref, mapping.handoverStaffId);
  }
  if (colleagueOf.size > 0) {
    const staffById = new Map(org.people.map((row) => [row.id, row]));
    const plannedById = new Map(peoplePlanned.filter((person) => person.staffId !== null).map((person) => [person.staffId as number, person]));
    for (const person of peoplePlanned) {
      if (person.action !== 'deactivate' || person.staffId === null) continue;
      const leaving = person.staffId;
      const lines: string[] = [];
      for (const position of heldBy.get(leaving) ?? []) {
        const colleagueId = colleagueOf.get(position.siteId);
        if (colleagueId === undefined || person.handovers.some((handover) => handover.siteId === position.siteId)) continue;
        const colleague = staffById.get(colleagueId);
        const colleaguePlan = plannedById.get(colleagueId);
        const site = siteLabel(position.siteId);
        const name = colleague?.username ?? `员工${colleagueId}`;
        if (colleagueId === leaving) {
          lines.push(`${site} → 站点公海（交接人即本人）`);
          continue;
        }
        if (!colleague || colleague.status !== 'active' || colleaguePlan?.action === 'deactivate') {
          lines.push(`${site} → 站点公海（交接人 ${name} ${colleaguePlan?.action === 'deactivate' ? '也将离职' : '已不在职'}）`);
          continue;
        }
        if (!(heldBy.get(colleagueId) ?? []).some((held) => held.siteId === position.siteId) || colleaguePlan?.removeSites.includes(position.siteId)) {
          lines.push(`${site} → 站点公海（交接人 ${name} 已不是该站点的成员）`);
          continue;
        }
        person.handovers.push({ siteId: position.siteId, toStaffId: colleagueId });
        lines.push(`${site} → ${name}`);
      }
      if (lines.length > 0) person.changes = [person.changes[0]?.replace('，客户退回各站点公海', '') ?? '离职', `客户交接：${lines.join('；')}；其余站点的客户退回站点公海`];
    }
  }

  peoplePlanned.sort((a, b) => a.directoryId.localeCompare(b.directoryId));
  conflicts.sort((a, b) => a.directoryId.localeCompare(b.directoryId) || a.reason.localeCompare(b.reason));
  const publicSites = sitesPlanned.map(({ action, departmentId, siteId, name, detail }) => ({ action, departmentId, siteId, name, detail }));
  const publicPeople = peoplePlanned.map(({ action, directoryId, staffId, name, phone, changes }) => ({ action, directoryId, staffId, name, phone, changes }));
  const fingerprint = createHash('sha256').update(JSON.stringify({ provider, sitesPlanned, peoplePlanned, conflicts })).digest('hex');
  return {
    provider,
    fingerprint,
    sites: publicSites,
    people: publicPeople,
    conflicts,
    sitesPlanned,
    peoplePlanned,
    departmentNames: new Map(snapshot.departments.map((department) => [department.id, department.name.slice(0, SITE_NAME_MAX)])),
  };
}

function leaver(row: StaffRow, directoryId: string, why: string): PlannedPerson {
  return {
    action: 'deactivate',
    directoryId,
    staffId: row.id,
    name: row.username,
    phone: maskPhone(row.phone),
    changes: [`${why}：离职，会话结束，客户退回各站点公海`],
    username: row.username,
    newPhone: null,
    link: false,
    addPositions: [],
    removeSites: [],
    leaderChanges: [],
    handovers: [],
  };
}

/** What a plan counts, for the last run's status and the audit entry. */
export function planCounts(plan: Pick<AdminDirectoryPlan, 'sites' | 'people' | 'conflicts'>): Record<string, number> {
  const counts: Record<string, number> = { sites: plan.sites.length, create: 0, update: 0, move: 0, deactivate: 0, reactivate: 0, conflicts: plan.conflicts.length };
  for (const person of plan.people) counts[person.action] = (counts[person.action] ?? 0) + 1;
  return counts;
}
