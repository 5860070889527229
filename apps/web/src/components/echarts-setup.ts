/**
 * ECharts with only the parts the app draws (line and bar charts on a grid, with tooltip and
 * legend), rendered as SVG: crisp on phone screens and lighter than the canvas renderer for
 * the few dozen points a chart here holds. Loaded on demand by chart.tsx, so only pages that
 * draw a chart download it.
 */
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

export type EChartsInstance = EChartsType;

export { init };
