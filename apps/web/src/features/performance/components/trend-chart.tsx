import { formatMoney, type TrendPoint } from '@sales/contract';
import { useMemo } from 'react';
import { Chart, type ChartSeries } from '../../../components/chart';
import { shortDay } from '../metrics';

/** Sales day by day: amount as bars, orders as a line on the right-hand axis. */
export function TrendChart({ label, points, testId }: { label: string; points: readonly TrendPoint[]; testId?: string }) {
  const categories = useMemo(() => points.map((point) => shortDay(point.date)), [points]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { name: '销售额', kind: 'bar', values: points.map((point) => point.orderAmount), format: formatMoney },
      {
        name: '订单数',
        kind: 'line',
        values: points.map((point) => point.orderCount),
        format: (value) => `${value}单`,
        axis: 1,
        axisFormat: (value) => String(Math.round(value)),
      },
    ],
    [points],
  );
  return <Chart label={label} categories={categories} series={series} testId={testId} />;
}
