import {
  derivePermissions,
  mergeSites,
  resolveCurrentSite,
  STORAGE_KEYS,
  type PermissionData,
  type Site,
  type UserInfo,
} from '@sales/contract';
import { create } from 'zustand';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

interface SessionState {
  token: string | null;
  userId: number | null;
  userInfo: UserInfo | null;
  currentSite: Site | null;
  permissionData: PermissionData | null;
  /** Stores the token and id of a successful login (SPEC §4). */
  signIn(token: string, userId: number): void;
  /** Stores fresh user info and re-derives the sites, current site and permissions. */
  setUserInfo(userInfo: UserInfo): void;
  switchSite(departmentId: number): void;
  /** Clears the session state and its stored keys. */
  clear(): void;
}

/** Whether two values read from JSON (answers, stored keys) say the same. */
const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

function derive(userInfo: UserInfo, chosen: Site | null) {
  const sites = mergeSites(userInfo.positionUsers);
  const currentSite = resolveCurrentSite(sites, chosen);
  return { currentSite, permissionData: derivePermissions(userInfo, currentSite) };
}

/** Session, sites and permissions, written through to the local storage keys of DESIGN §3. */
export const useSession = create<SessionState>()((set, get) => ({
  token: readStorage<string>(STORAGE_KEYS.token),
  userId: readStorage<number>(STORAGE_KEYS.userId),
  userInfo: readStorage<UserInfo>(STORAGE_KEYS.userInfo),
  currentSite: readStorage<Site>(STORAGE_KEYS.currentSite),
  permissionData: readStorage<PermissionData>(STORAGE_KEYS.permissionData),

  signIn(token, userId) {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.userId, userId);
    set({ token, userId });
  },

  setUserInfo(userInfo) {
    const state = get();
    const derived = derive(userInfo, state.currentSite);
    // What did not change keeps its object: the start's refresh of a stored session mostly brings
    // the same info, and a new object would render every page part that reads it again, at once
    // (a store update is never a transition), as the app takes over the first page.
    const next = {
      userInfo: sameJson(userInfo, state.userInfo) ? state.userInfo : userInfo,
      currentSite: sameJson(derived.currentSite, state.currentSite) ? state.currentSite : derived.currentSite,
      permissionData: sameJson(derived.permissionData, state.permissionData) ? state.permissionData : derived.permissionData,
    };
    if (next.userInfo === state.userInfo && next.currentSite === state.currentSite && next.permissionData === state.permissionData) return;
    writeStorage(STORAGE_KEYS.userInfo, userInfo);
    writeStorage(STORAGE_KEYS.currentSite, derived.currentSite);
    writeStorage(STORAGE_KEYS.permissionData, derived.permissionData);
    set(next);
  },

  switchSite(departmentId) {
    const { userInfo } = get();
    if (!userInfo) return;
    const site = mergeSites(userInfo.positionUsers).find((candidate) => candidate.departmentId === departmentId);
    if (!site) return;
    const permissionData = derivePermissions(userInfo, site);
    writeStorage(STORAGE_KEYS.currentSite, site);
    writeStorage(STORAGE_KEYS.permissionData, permissionData);
    set({ currentSite: site, permissionData });
  },

  clear() {
    removeStorage(STORAGE_KEYS.userInfo, STORAGE_KEYS.currentSite, STORAGE_KEYS.token, STORAGE_KEYS.permissionData, STORAGE_KEYS.userId);
    set({ token: null, userId: null, userInfo: null, currentSite: null, permissionData: null });
  },
}));

/** The current site's id (its departmentId), or null before a site is known: every site-scoped call names it. */
export const useCurrentSiteId = (): number | null => useSession((state) => state.currentSite?.departmentId ?? null);

/** The current site's id outside React (the request layer). */
export const currentSiteId = (): number | null => useSession.getState().currentSite?.departmentId ?? null;

/** The user's sites, merged from their positions. */
export function useSites(): Site[] {
  const userInfo = useSession((state) => state.userInfo);
  return userInfo ? mergeSites(userInfo.positionUsers) : [];
}
