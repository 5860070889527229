import { chinaDayString, type ExportFormat } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callForFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { useSession } from '../../auth/session-store';
import type { CustomerQuery } from '../customer-filters';

/** GET /seller/fenghe/staff/customer/export: the filtered customers as CSV or .xlsx (leaders only). */
export const exportCustomers = (siteId: number, query: CustomerQuery, format: ExportFormat) =>
  callForFile(ROUTES.customerExport, { siteId, ...query, format });

/** Downloads the filtered customers as CSV or Excel and saves the file as 客户_<site>_<day>.csv or .xlsx. */
export function useExportCustomers() {
  const site = useSession((state) => state.currentSite);
  return useMutation({
    mutationFn: async ({ query, format }: { query: CustomerQuery; format: ExportFormat }) => {
      if (!site) throw new Error('no current site');
      const blob = await exportCustomers(site.departmentId, query, format);
      saveBlob(blob, `客户_${site.departmentName}_${chinaDayString(new Date())}.${format}`);
    },
  });
}
