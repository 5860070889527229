import { chinaDayString } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { useSession } from '../../auth/session-store';
import type { CustomerQuery } from '../customer-filters';

/** GET /seller/fenghe/staff/customer/export: the filtered customers as CSV (leaders only). */
export const exportCustomers = (siteId: number, query: CustomerQuery) =>
  download({ url: '/seller/fenghe/staff/customer/export', query: { siteId, ...query } });

/** Downloads the CSV of the filtered customers and saves it as 客户_<site>_<day>.csv. */
export function useExportCustomers() {
  const site = useSession((state) => state.currentSite);
  return useMutation({
    mutationFn: async (query: CustomerQuery) => {
      if (!site) throw new Error('no current site');
      const blob = await exportCustomers(site.departmentId, query);
      saveBlob(blob, `客户_${site.departmentName}_${chinaDayString(new Date())}.csv`);
    },
  });
}
