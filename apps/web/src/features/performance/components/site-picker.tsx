import { FilterSelect } from '../../../components/filter-select';
import { useSearchState } from '../../../lib/use-search-state';
import { useCurrentSiteId, useSession } from '../../auth/session-store';
import { usePerformanceSites } from '../api/get-performance-sites';
import { usePerformanceSiteId } from '../performance-site';

const readSite = (params: URLSearchParams) => params.get('site') ?? '';
const writeSite = (value: string, params: URLSearchParams) => {
  if (value) params.set('site', value);
  else params.delete('site');
};

/**
 * 站点 chip of performance pages, for reportAllSites users only: they read every site's
 * performance (DESIGN §4) while their own positions list only their sites.
 */
export function SitePicker() {
  const readsAllSites = useSession((state) => state.userInfo?.reportAllSites ?? false);
  const currentSiteId = useCurrentSiteId();
  const siteId = usePerformanceSiteId();
  const sites = usePerformanceSites(readsAllSites);
  const [, setSite] = useSearchState(readSite, writeSite);
  if (!readsAllSites || !sites.data) return null;
  const options = sites.data.list.map((site) => ({ value: String(site.siteId), label: site.siteName }));
  return (
    <FilterSelect
      label="站点"
      value={String(siteId ?? '')}
      defaultValue={String(currentSiteId ?? '')}
      options={options}
      // The current site is the default: keep it out of the link.
      onChange={(value) => setSite(value === String(currentSiteId) ? '' : value)}
      showChosen
      testId="performance-site"
    />
  );
}
