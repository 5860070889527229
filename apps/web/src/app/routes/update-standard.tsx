import { useSession } from '../../features/auth/session-store';
import { StandardsEditor, StandardsRefusal } from '../../features/performance/components/standards-editor';

/**
 * 编辑业绩标准: leaders of the site edit; reportAllSites users read (the server says canEdit);
 * a salesperson is refused before anything is asked (the server refuses them too).
 */
export default function UpdateStandardPage() {
  const isLeader = useSession((state) => state.currentSite?.isLeader ?? false);
  const readsAllSites = useSession((state) => state.userInfo?.reportAllSites ?? false);
  if (!isLeader && !readsAllSites) return <StandardsRefusal />;
  return <StandardsEditor />;
}
