/**
 * ECharts options of an overview chart (server/contract/overview.ts), the same on the server (SVG
 * string) and in the browser (the live chart), and its text alternative. Only the parts of
 * ECharts the overview draws are registered, so this screen's chunk carries no more of it.
 */
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { formatMoney, money } from '../../server/contract/money';
import type { OverviewChart } from '../../server/contract/overview';
import type { Lang } from '../shared/locale';

echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export { echarts };

/** Colours with at least 3:1 against white (WCAG's graphics contrast). */
const PALETTE = ['#1d5fbf', '#b3541e', '#5b6b7a', '#2e7d32', '#8e24aa'];

export function valueText(chart: OverviewChart, value: number, lang: Lang): string {
  if (chart.currency) return formatMoney(money(value, chart.currency), lang);
  return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}

/** The chart's height: a horizontal bar needs a line per category. */
export function heightOf(chart: OverviewChart, mobile: boolean): number {
  if (chart.kind === 'hbar') return Math.max(160, 48 + chart.categories.length * 22);
  if (chart.kind === 'heatmap') return Math.max(180, 80 + (chart.rows?.length ?? 0) * 28);
  return mobile ? 220 : 260;
}

export function optionOf(chart: OverviewChart, lang: Lang, mobile: boolean): EChartsCoreOption {
  const format = (v: number) => valueText(chart, v, lang);
  const axisLabel = { formatter: (v: number) => (chart.currency ? format(v) : String(v)), fontSize: 11, color: '#333' };
  const categoryLabel = {
    fontSize: 11,
    color: '#333',
    hideOverlap: true,
    ...(chart.kind === 'hbar' ? { width: mobile ? 110 : 180, overflow: 'truncate' } : {}),
  };
  const base = {
    animation: false,
    color: PALETTE,
    textStyle: { fontFamily: 'system-ui, sans-serif' },
    tooltip: { trigger: chart.kind === 'heatmap' ? 'item' : 'axis', confine: true },
  };
  if (chart.kind === 'heatmap') {
    return {
      ...base,
      grid: { left: mobile ? 110 : 200, right: 16, top: 8, bottom: 64 },
      xAxis: { type: 'category', data: chart.categories, axisLabel: categoryLabel },
      yAxis: {
        type: 'category',
        data: chart.rows ?? [],
        axisLabel: { ...categoryLabel, width: mobile ? 100 : 190, overflow: 'truncate' },
      },
      visualMap: {
        min: 0,
        max: 100,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: mobile ? 100 : 160,
        calculable: false,
        inRange: { color: ['#f2f6fc', '#1d5fbf'] },
        textStyle: { color: '#333' },
      },
      series: [
        {
          type: 'heatmap',
          data: chart.cells ?? [],
          label: { show: !mobile, color: '#000', formatter: (p: { value: number[] }) => `${p.value[2]}` },
        },
      ],
    };
  }
  const horizontal = chart.kind === 'hbar';
  const categoryAxis = {
    type: 'category',
    data: chart.categories,
    axisLabel: categoryLabel,
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis = { type: 'value', axisLabel, minInterval: chart.currency ? undefined : 1 };
  const markLines = [
    ...(chart.marks ?? []).map((m) => ({
      [horizontal ? 'yAxis' : 'xAxis']: m.at,
      name: m.label,
      label: { formatter: m.label, fontSize: 10, color: '#333' },
      lineStyle: { color: '#b3541e', type: 'dashed' },
    })),
    ...(chart.limit
      ? [
          {
            [horizontal ? 'xAxis' : 'yAxis']: chart.limit.value,
            name: chart.limit.label,
            label: { formatter: chart.limit.label, fontSize: 10, position: 'insideEndTop', color: '#333' },
            lineStyle: { color: '#c62828' },
          },
        ]
      : []),
  ];
  return {
    ...base,
    legend: chart.series.length > 1 ? { top: 0, textStyle: { color: '#333' } } : undefined,
    grid: {
      left: horizontal ? (mobile ? 120 : 190) : 8,
      right: 24,
      top: chart.series.length > 1 ? 32 : 16,
      bottom: 8,
      containLabel: !horizontal,
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, axisLabel: { ...categoryLabel } } : valueAxis,
    series: chart.series.map((s, i) => ({
      type: chart.kind === 'line' || (chart.kind === 'bar' && i > 0) ? 'line' : 'bar',
      name: s.name,
      data: s.values,
      ...(chart.kind === 'stack' ? { stack: 'all' } : {}),
      ...(chart.kind === 'line' ? { areaStyle: { opacity: 0.08 }, showSymbol: false } : {}),
      ...(i === 0 && markLines.length ? { markLine: { symbol: 'none', silent: true, data: markLines } } : {}),
    })),
  };
}

/** The chart as SVG, drawn once without a browser (ECharts' server-side rendering). */
export function svgOf(chart: OverviewChart, lang: Lang, mobile: boolean): string {
  const width = mobile ? 340 : 460;
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: heightOf(chart, mobile) });
  try {
    instance.setOption(optionOf(chart, lang, mobile));
    return instance.renderToSVGString({ useViewBox: true });
  } finally {
    instance.dispose();
  }
}

/** What a screen reader says instead of the drawing: the total, the largest and the latest values. */
export function summaryOf(
  chart: OverviewChart,
  lang: Lang,
  t: (key: string, p?: Record<string, unknown>) => string,
): string {
  if (chart.empty) return `${chart.title}: ${t('overview:noData')}`;
  const sep = lang === 'zh' ? '；' : '; ';
  if (chart.kind === 'heatmap') {
    const cells = chart.cells ?? [];
    const top = [...cells].sort((a, b) => b[2] - a[2]).slice(0, 3);
    return `${chart.title}: ${top.map(([x, y, v]) => `${chart.rows?.[y]} ${chart.categories[x]} ${t('overview:percentBooked', { value: v })}`).join(sep)}`;
  }
  const parts = chart.series.map((s) => {
    const total = s.values.reduce((a, b) => a + b, 0);
    let max = 0;
    s.values.forEach((v, i) => (v > s.values[max] ? (max = i) : undefined));
    const shown =
      chart.categories.length <= 8
        ? chart.categories
            .map((c, i) => `${c} ${valueText(chart, s.values[i], lang)}`)
            .join(lang === 'zh' ? '，' : ', ')
        : `${chart.categories[0]} – ${chart.categories[chart.categories.length - 1]}, ${t('overview:total')} ${valueText(chart, total, lang)}, ${lang === 'zh' ? '最高' : 'highest'} ${valueText(chart, s.values[max] ?? 0, lang)} (${chart.categories[max]})`;
    return `${s.name}: ${shown}`;
  });
  return `${chart.title}. ${parts.join(sep)}`;
}
