import { chinaDayString, type ExportFormat } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callForFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { useSession } from '../../auth/session-store';
import type { OrderQuery } from '../order-filters';

/** GET /seller/fenghe/staff/order/export: the filtered orders as CSV or .xlsx (leaders only). */
export const exportOrders = (siteId: number, query: OrderQuery, format: ExportFormat) =>
  callForFile(ROUTES.orderExport, { siteId, ...query, format });

/** Downloads the filtered orders as CSV or Excel and saves the file as 订单_<site>_<day>.csv or .xlsx. */
export function useExportOrders() {
  const site = useSession((state) => state.currentSite);
  return useMutation({
    mutationFn: async ({ query, format }: { query: OrderQuery; format: ExportFormat }) => {
      if (!site) throw new Error('no current site');
      const blob = await exportOrders(site.departmentId, query, format);
      saveBlob(blob, `订单_${site.departmentName}_${chinaDayString(new Date())}.${format}`);
    },
  });
}
