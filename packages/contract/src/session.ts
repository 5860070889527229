/** Sites and permissions of SPEC §3, §4 and §6, derived the same way by the web app and the server. */

export interface PositionUser {
  departmentId: number;
  departmentName: string;
  isLeader: boolean;
  drawAuth: boolean;
}

export type Site = PositionUser;

export interface SessionUser {
  username: string;
  positionUsers: PositionUser[];
  reportAllSites: boolean;
  teamReportAuth: boolean;
}

export interface PermissionData {
  isSalesperson: boolean;
  drawAuth: boolean;
  isManySite: boolean;
  isShowIndex: boolean;
  reportAllSites: boolean;
  isReport: boolean;
}

/** One site per department; several positions in one department merge, true winning. */
export function mergeSites(positions: readonly PositionUser[]): Site[] {
  const byDepartment = new Map<number, Site>();
  for (const position of positions) {
    const known = byDepartment.get(position.departmentId);
    if (known) {
      known.isLeader = known.isLeader || position.isLeader;
      known.drawAuth = known.drawAuth || position.drawAuth;
    } else {
      byDepartment.set(position.departmentId, { ...position });
    }
  }
  return [...byDepartment.values()];
}

/** Keeps the chosen site when it is still one of the user's, otherwise falls back to the first. */
export function resolveCurrentSite(sites: readonly Site[], chosen: Pick<Site, 'departmentId'> | null | undefined): Site | null {
  if (sites.length === 0) return null;
  const match = chosen ? sites.find((site) => site.departmentId === chosen.departmentId) : undefined;
  return match ?? sites[0] ?? null;
}

/** The home tab is shown to a leader of some position and to reportAllSites users. */
export function canShowIndex(user: Pick<SessionUser, 'positionUsers' | 'reportAllSites'>): boolean {
  return user.reportAllSites || user.positionUsers.some((position) => position.isLeader);
}

export function derivePermissions(user: SessionUser, currentSite: Site | null): PermissionData {
  const sites = mergeSites(user.positionUsers);
  return {
    isSalesperson: currentSite ? !currentSite.isLeader : true,
    drawAuth: currentSite?.drawAuth ?? false,
    isManySite: sites.length > 1,
    isShowIndex: canShowIndex(user),
    reportAllSites: user.reportAllSites,
    isReport: user.teamReportAuth,
  };
}

/** Paths whose bodies carry the current site (SPEC §7). */
export const SITE_SCOPED_PREFIXES = ['/seller/fenghe/staff/', '/seller/weekly/staff/before/create'] as const;

export function isSiteScopedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SITE_SCOPED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The siteId rule: on site-scoped paths, a body without siteId gets the current site's
 * departmentId, and a null siteId is removed. Other paths and non-object bodies are untouched.
 */
export function applySiteIdRule<T>(url: string, body: T, currentSiteId: number | null | undefined): T | Record<string, unknown> {
  if (!isSiteScopedPath(url)) return body;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body) || body instanceof FormData)) {
    return body;
  }
  const next: Record<string, unknown> = { ...(body ?? {}) };
  if (next.siteId === null) {
    delete next.siteId;
  } else if (next.siteId === undefined && currentSiteId !== null && currentSiteId !== undefined) {
    next.siteId = currentSiteId;
  }
  return next;
}
