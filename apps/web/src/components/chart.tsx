import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCompactNumber } from '../lib/format';
import type { ChartOption, EChartsInstance } from './echarts-setup';

export interface ChartSeries {
  name: string;
  kind: 'line' | 'bar';
  /** One value per category; null where there is no value (drawn as a gap). */
  values: readonly (number | null)[];
  /** How one value reads in the tooltip and in the text alternative: 1,234元, 12单, 87.5%. */
  format(value: number): string;
  /** 1 puts the series on a right-hand axis, for a second unit (completion beside amounts). */
  axis?: 0 | 1;
  /** The axis' tick labels; short numbers (1.2万) by default. */
  axisFormat?(value: number): string;
  color?: string;
}

interface ChartProps {
  /** What the chart shows, for screen readers and as the text alternative's caption. */
  label: string;
  /** The x axis: one label per point (days 'MM-DD', weeks, members). */
  categories: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  testId?: string;
}

// Gold like the app's primary colour, then colours that stay apart for colour-blind readers.
const PALETTE = ['#d4a017', '#1677ff', '#13a8a8', '#eb2f96'];

const loadECharts = () => import('./echarts-setup');

function buildOption(categories: readonly string[], series: readonly ChartSeries[]): ChartOption {
  const axisFormat = (axis: 0 | 1) => series.find((item) => (item.axis ?? 0) === axis)?.axisFormat ?? formatCompactNumber;
  const hasRightAxis = series.some((item) => item.axis === 1);
  const yAxis = (axis: 0 | 1) => ({
    type: 'value' as const,
    splitNumber: 4,
    axisLabel: { fontSize: 10, color: '#8a8a8a', formatter: (value: number) => axisFormat(axis)(value) },
    splitLine: { show: axis === 0, lineStyle: { color: '#f0f0f0' } },
  });
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 4, right: 4, top: series.length > 1 ? 30 : 12, bottom: 4 },
    legend: series.length > 1 ? { top: 0, itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 11 } } : undefined,
    tooltip: {
      trigger: 'axis',
      confine: true,
      textStyle: { fontSize: 12 },
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        const lines = series.map((item) => {
          const value = item.values[index];
          return `${item.name}：${value === null || value === undefined ? '—' : item.format(value)}`;
        });
        return [categories[index] ?? '', ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: [...categories],
      boundaryGap: series.some((item) => item.kind === 'bar'),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      // Phone width: let ECharts skip labels that would overlap rather than shrink them.
      axisLabel: { fontSize: 10, color: '#8a8a8a', hideOverlap: true },
    },
    yAxis: hasRightAxis ? [yAxis(0), yAxis(1)] : yAxis(0),
    series: series.map((item, index) => {
      const common = { name: item.name, data: [...item.values], yAxisIndex: item.axis ?? 0, color: item.color ?? PALETTE[index % PALETTE.length] };
      return item.kind === 'bar'
        ? { ...common, type: 'bar' as const, barMaxWidth: 18 }
        : { ...common, type: 'line' as const, smooth: true, smoothMonotone: 'x' as const, showSymbol: categories.length <= 12, symbolSize: 5, connectNulls: false };
    }),
  };
}

/**
 * A line or bar chart, drawn by ECharts loaded on first use. The drawing is hidden from
 * screen readers; a visually hidden table with every value stands in for it.
 */
export function Chart({ label, categories, series, height = 200, testId }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const option = useMemo(() => buildOption(categories, series), [categories, series]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let disposed = false;
    let instance: EChartsInstance | null = null;
    let observer: ResizeObserver | null = null;
    const draw = () => {
      loadECharts()
        .then(({ init }) => {
          if (disposed) return;
          instance = init(element, undefined, { renderer: 'svg' });
          const current = instance;
          observer = new ResizeObserver(() => current.resize());
          observer.observe(element);
          setChart(instance);
        })
        .catch(() => {
          if (!disposed) setFailed(true);
        });
    };
    // ECharts (~180 KB gzip) loads once the chart is on screen: never before the page's first
    // paint (the observer reports after layout), and not at all for a chart below the fold that
    // the reader never scrolls to. The canvas keeps its height meanwhile, so nothing shifts.
    let visibility: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'undefined') draw();
    else {
      visibility = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          visibility?.disconnect();
          visibility = null;
          draw();
        },
      );
      visibility.observe(element);
    }
    return () => {
      disposed = true;
      visibility?.disconnect();
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // notMerge: a chart that loses a series (another tab) must not keep drawing the old one.
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return (
    <figure className="chart" data-testid={testId} data-ready={chart ? 'true' : 'false'}>
      {/* What it draws is read at a glance: the site badge steps aside from it as from a figure. */}
      <div ref={container} className="chart__canvas" style={{ height }} aria-hidden="true" data-keep-clear />
      {failed && <p className="chart__failed muted">图表加载失败，数据见下表</p>}
      {/* A wrapper carries the hiding: a table is never narrower than its content, whatever its width says. */}
      <div className={failed ? undefined : 'visually-hidden'}>
        <table className="chart__table">
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">项目</th>
              {series.map((item) => (
                <th scope="col" key={item.name}>
                  {item.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={`${category}-${index}`}>
                <th scope="row">{category}</th>
                {series.map((item) => {
                  const value = item.values[index];
                  return <td key={item.name}>{value === null || value === undefined ? '—' : item.format(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
