import { Button } from 'antd-mobile';
import type { EmptyWayOn } from '../../../components/list-states';
import { useSites } from '../../auth/session-store';
import { useSiteSwitcher } from './site-switcher';

/**
 * For an empty list of the current site's own records (客户, 订单) seen by someone with other
 * sites: where the rest are, and 切换站点. A parent site's leader lands here first: the lists are a
 * site's own records and are not rolled up (docs/decisions.md, "Roll-up"), so its customers are on
 * the child sites it also leads. Nothing with a single site.
 */
export function useSwitchSiteHint(records: string): EmptyWayOn | undefined {
  const sites = useSites();
  const openSwitcher = useSiteSwitcher();
  if (sites.length < 2) return undefined;
  return {
    hint: `${records}记在所属站点下，其他站点的${records}请切换站点查看`,
    action: (
      <Button color="primary" fill="outline" onClick={openSwitcher} data-testid="empty-switch-site">
        切换站点
      </Button>
    ),
  };
}
