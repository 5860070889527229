import { useCallback } from 'react';
import { queryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { useSession, useSites } from '../../auth/session-store';
import { ActionSheet } from '../../../lib/antd-imperative';

/** Returns a function that opens the site action sheet; it does nothing with a single site. */
export function useSiteSwitcher(): () => void {
  const sites = useSites();
  const current = useSession((state) => state.currentSite);
  const switchSite = useSession((state) => state.switchSite);

  return useCallback(() => {
    if (sites.length < 2) return;
    const handler = ActionSheet.show({
      extra: '切换当前站点',
      cancelText: '取消',
      actions: sites.map((site) => ({
        key: site.departmentId,
        text: site.departmentName,
        description: site.isLeader ? '负责人' : '业务员',
        bold: site.departmentId === current?.departmentId,
        onClick: () => {
          handler.close();
          if (site.departmentId === current?.departmentId) return;
          switchSite(site.departmentId);
          // Everything cached belongs to the previous site.
          void queryClient.invalidateQueries();
          showToast(`已切换到${site.departmentName}`);
        },
      })),
    });
  }, [sites, current, switchSite]);
}
