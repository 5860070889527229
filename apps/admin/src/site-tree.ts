/** The 组织架构 page's tree: the flat site list the server answers, nested by parentId. */
import type { AdminSite } from '@sales/contract';

export type SiteNode = AdminSite & { children?: SiteNode[] };

/** The TreeSelect's value for 顶层（无上级）: no site has id 0. */
export const TOP_LEVEL = 0;

export interface ParentOption {
  value: number;
  label: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** Roots first, each with its children in id order; archived sites left out unless asked for. */
export function buildSiteTree(sites: AdminSite[], withArchived: boolean): SiteNode[] {
  const shown = sites.filter((site) => withArchived || !site.archived);
  const ids = new Set(shown.map((site) => site.id));
  const nodeOf = (site: AdminSite): SiteNode => {
    const children = shown.filter((child) => child.parentId === site.id).map(nodeOf);
    return children.length > 0 ? { ...site, children } : { ...site };
  };
  // A site whose parent is hidden (archived) shows at the top rather than vanishing.
  return shown.filter((site) => site.parentId === null || !ids.has(site.parentId)).map(nodeOf);
}

/** The ids of the tree's sites that have sites below them, however deep. */
export function sitesWithChildren(tree: SiteNode[]): number[] {
  return tree.flatMap((site) => (site.children ? [site.id, ...sitesWithChildren(site.children)] : []));
}

/** The sites above `id`, nearest first (a parent missing from the list ends the chain). */
export function ancestorIds(sites: AdminSite[], id: number): number[] {
  const byId = new Map(sites.map((site) => [site.id, site]));
  const above: number[] = [];
  let parentId = byId.get(id)?.parentId ?? null;
  while (parentId !== null && !above.includes(parentId)) {
    above.push(parentId);
    parentId = byId.get(parentId)?.parentId ?? null;
  }
  return above;
}

/** Every site below `id`, however deep. */
export function descendantIds(sites: AdminSite[], id: number): Set<number> {
  const below = new Set<number>();
  let frontier = [id];
  while (frontier.length > 0) {
    const parents = new Set(frontier);
    frontier = sites.filter((site) => site.parentId !== null && parents.has(site.parentId) && !below.has(site.id)).map((site) => site.id);
    for (const child of frontier) below.add(child);
  }
  return below;
}

/**
 * The parents a site may be put under: 顶层 and every site in use, as a tree. When moving, the site
 * itself and those below it are shown disabled, saying why.
 */
export function parentOptions(sites: AdminSite[], moving: number | null, below: Set<number>): ParentOption[] {
  const live = sites.filter((site) => !site.archived);
  const optionOf = (site: AdminSite): ParentOption => {
    const refused = moving !== null && (site.id === moving || below.has(site.id));
    const children = live.filter((child) => child.parentId === site.id).map(optionOf);
    return {
      value: site.id,
      label: refused ? `${site.name}（不能移到自己或下级站点之下）` : site.name,
      ...(refused ? { disabled: true } : {}),
      ...(children.length > 0 ? { children } : {}),
    };
  };
  const liveIds = new Set(live.map((site) => site.id));
  return [{ value: TOP_LEVEL, label: '顶层（无上级）' }, ...live.filter((site) => site.parentId === null || !liveIds.has(site.parentId)).map(optionOf)];
}
