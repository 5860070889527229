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
    const { currentSite, permissionData } = derive(userInfo, get().currentSite);
    writeStorage(STORAGE_KEYS.userInfo, userInfo);
    writeStorage(STORAGE_KEYS.currentSite, currentSite);
    writeStorage(STORAGE_KEYS.permissionData, permissionData);
    set({ userInfo, currentSite, permissionData });
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
