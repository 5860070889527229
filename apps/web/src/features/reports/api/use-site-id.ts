import { useSession } from '../../auth/session-store';

/** The current site's id, which every report call names. */
export const useSiteId = () => useSession((state) => state.currentSite?.departmentId ?? null);
