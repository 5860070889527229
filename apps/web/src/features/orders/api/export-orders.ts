import { chinaDayString } from '@sales/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { useSession } from '../../auth/session-store';
import type { OrderQuery } from '../order-filters';

/** GET /seller/fenghe/staff/order/export: the filtered orders as CSV (leaders only). */
export const exportOrders = (siteId: number, query: OrderQuery) =>
  download({ url: '/seller/fenghe/staff/order/export', query: { siteId, ...query } });

/** Downloads the CSV of the filtered orders and saves it as 订单_<site>_<day>.csv. */
export function useExportOrders() {
  const site = useSession((state) => state.currentSite);
  return useMutation({
    mutationFn: async (query: OrderQuery) => {
      if (!site) throw new Error('no current site');
      const blob = await exportOrders(site.departmentId, query);
      saveBlob(blob, `订单_${site.departmentName}_${chinaDayString(new Date())}.csv`);
    },
  });
}
