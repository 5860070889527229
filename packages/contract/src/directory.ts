/**
 * 通讯录同步 (issue 28 §2): the organisation read from 企业微信's or 钉钉's directory. The admin maps
 * directory departments onto sites, previews what a sync would do (a dry run: sites and people to
 * create, update, move, deactivate or reactivate, and every conflict it will not guess about) and
 * applies exactly that preview. A daily sync may do the same unattended.
 */
import Type from 'typebox';
import { Id, Nullable, SiteId, Timestamp } from './primitives.js';

export const DIRECTORY_PROVIDERS = ['wecom', 'dingtalk'] as const;
export type DirectoryProviderName = (typeof DIRECTORY_PROVIDERS)[number];
export const DIRECTORY_PROVIDER_LABELS: Record<DirectoryProviderName, string> = { wecom: '企业微信', dingtalk: '钉钉' };

/** At most this many departments can be mapped. */
export const DIRECTORY_MAPPINGS_MAX = 500;

const DepartmentId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.@-]+$' });

export const AdminDirectoryDepartment = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** null at the top of the directory. */
  parentId: Nullable(Type.String()),
  /** People directly in this department. */
  memberCount: Type.Integer(),
});
export type AdminDirectoryDepartment = Type.Static<typeof AdminDirectoryDepartment>;

export const AdminDirectoryTreeBody = Type.Object({ provider: Type.Enum(DIRECTORY_PROVIDERS) });
export type AdminDirectoryTreeBody = Type.Static<typeof AdminDirectoryTreeBody>;

export const AdminDirectoryTree = Type.Object({ departments: Type.Array(AdminDirectoryDepartment) });
export type AdminDirectoryTree = Type.Static<typeof AdminDirectoryTree>;

/**
 * One mapped department: onto an existing site (siteId), or onto a new site the first apply creates
 * under `parentSiteId` (null: at the top), named after the department, in `region`.
 */
export const AdminDirectoryMappingInput = Type.Object({
  departmentId: DepartmentId,
  siteId: Type.Optional(Nullable(SiteId)),
  parentSiteId: Type.Optional(Nullable(SiteId)),
  region: Type.Optional(Type.String({ maxLength: 64 })),
  /**
   * 离职交接人: an active person holding a position at the (existing) site, who takes a leaver's
   * customers of that site; null or absent: they go back to the site's pool (公海).
   */
  handoverStaffId: Type.Optional(Nullable(Id)),
});
export type AdminDirectoryMappingInput = Type.Static<typeof AdminDirectoryMappingInput>;

export const AdminDirectorySaveBody = Type.Object({
  provider: Type.Enum(DIRECTORY_PROVIDERS),
  dailySync: Type.Boolean(),
  mappings: Type.Array(AdminDirectoryMappingInput, { maxItems: DIRECTORY_MAPPINGS_MAX }),
});
export type AdminDirectorySaveBody = Type.Static<typeof AdminDirectorySaveBody>;

export const AdminDirectoryMapping = Type.Object({
  departmentId: Type.String(),
  departmentName: Type.String(),
  /** The site, once it exists (a new one is created by the first apply). */
  siteId: Nullable(Type.Integer()),
  siteName: Nullable(Type.String()),
  parentSiteId: Nullable(Type.Integer()),
  region: Nullable(Type.String()),
  /** 离职交接人 (null: a leaver's customers of this site go to its pool). */
  handoverStaffId: Nullable(Type.Integer()),
  handoverName: Nullable(Type.String()),
});
export type AdminDirectoryMapping = Type.Static<typeof AdminDirectoryMapping>;

export const DIRECTORY_RUN_KINDS = ['preview', 'apply', 'scheduled'] as const;
export type DirectoryRunKind = (typeof DIRECTORY_RUN_KINDS)[number];
export const DIRECTORY_RUN_KIND_LABELS: Record<DirectoryRunKind, string> = { preview: '预览', apply: '手动同步', scheduled: '每日同步' };

export const AdminDirectoryRun = Type.Object({
  kind: Type.Enum(DIRECTORY_RUN_KINDS),
  at: Timestamp,
  /** What it counted (sites, created, updated, moved, deactivated, reactivated, conflicts). */
  counts: Type.Record(Type.String(), Type.Integer()),
  /** Why it failed, in Chinese; null when it ran. */
  error: Nullable(Type.String()),
});
export type AdminDirectoryRun = Type.Static<typeof AdminDirectoryRun>;

export const AdminDirectoryStatus = Type.Object({
  /** The configured providers: only these can be chosen. */
  providers: Type.Array(Type.Enum(DIRECTORY_PROVIDERS)),
  provider: Nullable(Type.Enum(DIRECTORY_PROVIDERS)),
  dailySync: Type.Boolean(),
  mappings: Type.Array(AdminDirectoryMapping),
  lastRun: Nullable(AdminDirectoryRun),
});
export type AdminDirectoryStatus = Type.Static<typeof AdminDirectoryStatus>;

export const DIRECTORY_SITE_ACTIONS = ['create', 'rename', 'move'] as const;
export type DirectorySiteAction = (typeof DIRECTORY_SITE_ACTIONS)[number];
export const DIRECTORY_SITE_ACTION_LABELS: Record<DirectorySiteAction, string> = { create: '新建', rename: '重命名', move: '移动' };

export const AdminDirectorySiteChange = Type.Object({
  action: Type.Enum(DIRECTORY_SITE_ACTIONS),
  departmentId: Type.String(),
  /** null for a site still to be created. */
  siteId: Nullable(Type.Integer()),
  /** The site's name after the change. */
  name: Type.String(),
  detail: Type.String(),
});
export type AdminDirectorySiteChange = Type.Static<typeof AdminDirectorySiteChange>;

export const DIRECTORY_PERSON_ACTIONS = ['create', 'update', 'move', 'deactivate', 'reactivate'] as const;
export type DirectoryPersonAction = (typeof DIRECTORY_PERSON_ACTIONS)[number];
export const DIRECTORY_PERSON_ACTION_LABELS: Record<DirectoryPersonAction, string> = { create: '新建', update: '更新', move: '调动', deactivate: '离职', reactivate: '复职' };

export const AdminDirectoryPersonChange = Type.Object({
  action: Type.Enum(DIRECTORY_PERSON_ACTIONS),
  directoryId: Type.String(),
  /** null for a person still to be created. */
  staffId: Nullable(Type.Integer()),
  name: Type.String(),
  /** Masked (138****0001); empty when neither the directory nor the app knows it. */
  phone: Type.String(),
  /** What changes, one line each (姓名 张三 → 张叁; 岗位 …). */
  changes: Type.Array(Type.String()),
});
export type AdminDirectoryPersonChange = Type.Static<typeof AdminDirectoryPersonChange>;

export const AdminDirectoryConflict = Type.Object({
  directoryId: Type.String(),
  name: Type.String(),
  reason: Type.String(),
});
export type AdminDirectoryConflict = Type.Static<typeof AdminDirectoryConflict>;

export const AdminDirectoryPlan = Type.Object({
  provider: Type.Enum(DIRECTORY_PROVIDERS),
  /** Names this exact plan: apply refuses when the directory or the organisation changed since. */
  fingerprint: Type.String(),
  sites: Type.Array(AdminDirectorySiteChange),
  people: Type.Array(AdminDirectoryPersonChange),
  conflicts: Type.Array(AdminDirectoryConflict),
});
export type AdminDirectoryPlan = Type.Static<typeof AdminDirectoryPlan>;

export const AdminDirectoryApplyBody = Type.Object({ fingerprint: Type.String({ minLength: 64, maxLength: 64, pattern: '^[0-9a-f]{64}$' }) });
export type AdminDirectoryApplyBody = Type.Static<typeof AdminDirectoryApplyBody>;

export const AdminDirectoryApplyResult = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  conflicts: Type.Array(AdminDirectoryConflict),
});
export type AdminDirectoryApplyResult = Type.Static<typeof AdminDirectoryApplyResult>;
