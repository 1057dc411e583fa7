/**
 * A chart drawn by echarts, in a chunk of its own loaded after sign-in with
 * the dashboard (ChartPanel lazy-loads this module): only the bar, line and
 * pie charts and the parts they use are imported from `echarts/core`, not
 * the whole library. It follows the console's theme — the Fluent tokens of
 * the chosen brand colour, light or dark, and the font size — read from the
 * page's CSS variables, and redraws when they change; it resizes with its
 * box (the sidebar opening, a narrow window). It is made only once its box
 * comes near the window (a panel below the first screen waits for a scroll).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import { usePrefs } from '../shell/prefs.js';
import { useIsDark } from '../shell/dark.js';
import type { ChartSpec } from './chartSpec.js';
import { AHEAD_PX } from './chartWindow.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Plain style, no Fluent: this chunk imports none of it (it would split the sign-in page's chunks). */
const BOX = { width: '100%', height: '100%', minHeight: '240px' } as const;

/** Series colours: the brand first, then Fluent's palette in an order that keeps neighbours apart. */
const PALETTE = [
  '--colorBrandBackground',
  '--colorPaletteDarkOrangeBorderActive',
  '--colorPaletteLightTealBorderActive',
  '--colorPaletteBerryBorderActive',
  '--colorPaletteMarigoldBorderActive',
  '--colorPaletteGrapeBorderActive',
  '--colorPaletteGreenBorderActive',
  '--colorPaletteRedBorderActive',
  '--colorPaletteSteelBorderActive',
  '--colorNeutralStrokeAccessible',
];

interface Look {
  colors: string[];
  text: string;
  muted: string;
  line: string;
  surface: string;
  font: string;
  size: number;
}

function lookOf(el: HTMLElement): Look {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    colors: PALETTE.map((name) => v(name, '#409EFF')),
    text: v('--colorNeutralForeground1', '#242424'),
    muted: v('--colorNeutralForeground3', '#616161'),
    line: v('--colorNeutralStroke2', '#e0e0e0'),
    surface: v('--colorNeutralBackground1', '#ffffff'),
    font: v('--fontFamilyBase', 'sans-serif'),
    size: Number.parseFloat(v('--fontSizeBase200', '12px')) || 12,
  };
}

/** At most 10 characters of a category (a product's or a device's name) on an axis. */
const shorten = (name: string) => (name.length > 10 ? `${name.slice(0, 9)}…` : name);

/** Yuan on an axis: whole yuan with separators (`¥12,300`), the tooltip has the fen. */
const axisYuan = (fen: number) => formatYuan(fen).replace(/\.\d\d$/, '');

function optionOf(spec: ChartSpec, look: Look): echarts.EChartsCoreOption {
  const textStyle = { color: look.text, fontFamily: look.font, fontSize: look.size };
  const tooltip = {
    trigger: spec.kind === 'pie' ? 'item' : 'axis',
    confine: true,
    backgroundColor: look.surface,
    borderColor: look.line,
    textStyle,
  };
  const money = (i: number) => spec.series[i]?.money ?? false;
  const format = (value: number, i: number) => (money(i) ? formatYuan(value) : value.toLocaleString());
  if (spec.kind === 'pie') {
    const s = spec.series[0]!;
    return {
      color: look.colors,
      textStyle,
      tooltip: {
        ...tooltip,
        formatter: (p: { name: string; value: number; percent: number }) =>
          `${p.name}<br/>${format(p.value, 0)} (${p.percent}%)`,
      },
      legend: { type: 'scroll', bottom: 0, textStyle, pageTextStyle: textStyle },
      series: [
        {
          type: 'pie',
          radius: ['38%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: { color: look.text, fontSize: look.size, formatter: '{b}' },
          labelLine: { lineStyle: { color: look.line } },
          itemStyle: { borderColor: look.surface, borderWidth: 1 },
          data: spec.categories.map((name, i) => ({ name, value: s.values[i] })).filter((d) => (d.value ?? 0) > 0),
        },
      ],
    };
  }
  const axisLabel = { color: look.muted, fontSize: look.size, fontFamily: look.font };
  // Long names are cut by characters here: echarts' own `overflow: 'truncate'` measures a label a character at a time
  // (its text measuring went from 40 to 30 ms of a cold dashboard's draw). The tooltip keeps the whole name.
  const categoryAxis = {
    type: 'category',
    data: spec.categories,
    axisLabel: { ...axisLabel, hideOverlap: true, formatter: shorten },
    axisLine: { lineStyle: { color: look.line } },
    axisTick: { show: false },
  };
  const axes = [0, 1]
    .filter((a) => spec.series.some((s) => (s.axis ?? 0) === a))
    .map((a) => ({
      type: 'value',
      axisLabel: {
        ...axisLabel,
        formatter: (v: number) =>
          spec.series.find((s) => (s.axis ?? 0) === a)?.money ? axisYuan(v) : v.toLocaleString(),
      },
      splitLine: { show: a === 0, lineStyle: { color: look.line } },
    }));
  return {
    color: look.colors,
    textStyle,
    tooltip: {
      ...tooltip,
      formatter: (
        params: { seriesIndex: number; seriesName: string; value: number; marker: string; axisValueLabel: string }[],
      ) =>
        [
          params[0]?.axisValueLabel ?? '',
          ...params.map((p) => `${p.marker}${p.seriesName}: ${format(p.value, p.seriesIndex)}`),
        ].join('<br/>'),
    },
    legend: spec.series.length > 1 ? { top: 0, textStyle } : undefined,
    grid: { left: 8, right: 16, top: spec.series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    xAxis: spec.horizontal ? axes : categoryAxis,
    yAxis: spec.horizontal ? { ...categoryAxis, inverse: true } : axes,
    series: spec.series.map((s, i) => ({
      name: s.name,
      type: s.type ?? (spec.kind === 'line' ? 'line' : 'bar'),
      data: s.values,
      ...(spec.horizontal ? { xAxisIndex: s.axis ?? 0 } : { yAxisIndex: s.axis ?? 0 }),
      ...(s.type === 'line' || (spec.kind === 'line' && !s.type)
        ? { smooth: true, symbolSize: 6, areaStyle: i === 0 ? { opacity: 0.08 } : undefined }
        : { barMaxWidth: 28 }),
    })),
  };
}

/**
 * Runs `fn` when the page is next idle (within IDLE_WAIT_MS whatever happens; a browser without idle callbacks:
 * after the current task); answers what cancels it.
 */
const IDLE_WAIT_MS = 300;
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const id = setTimeout(fn, 0);
    return () => clearTimeout(id);
  }
  const id = requestIdleCallback(fn, { timeout: IDLE_WAIT_MS });
  return () => cancelIdleCallback(id);
}

/** Whether `el` is laid out (not in a hidden view) and within AHEAD_PX of the window. */
function nearWindow(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top < window.innerHeight + AHEAD_PX && r.bottom > -AHEAD_PX;
}

export default function EChart({ spec, label, testId }: { spec: ChartSpec; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { prefs } = usePrefs();
  // Light or dark may follow the system: what is drawn, not the preference, decides.
  const dark = useIsDark(prefs.appearance);
  // A chart is made when its box comes near the window, not before: the dashboard's panels below the first screen
  // cost a cold open (or a move to it) 30–40 ms each on a slow machine, for charts no one sees yet.
  const [near, setNear] = useState(false);

  useLayoutEffect(() => {
    const el = box.current!;
    if (near) return;
    if (nearWindow(el)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${AHEAD_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  // What the chart shows, drawn on the chart once it is made (below) and again as the spec, theme or size change.
  const draw = useEffectEvent(() => {
    if (!chart.current || !box.current) return;
    chart.current.setOption(optionOf(spec, lookOf(box.current)), { notMerge: true });
    box.current.dataset.drawn = 'true';
  });

  // Made and first drawn once the page is idle, not in the effect: React runs a commit's effects before the next
  // render, and a chart's first draw (20–70 ms on a slow machine) then held the dashboard's figures, arriving a
  // moment later, behind it (`npm run bench:browser`: a move to the dashboard, 280–370 ms). The figures show first,
  // the charts a moment later, as in a layout effect a cold sign-in's first paint waited for them.
  useEffect(() => {
    if (!near) return;
    const el = box.current!;
    let observer: ResizeObserver | undefined;
    const cancel = whenIdle(() => {
      const instance = echarts.init(el, undefined, { renderer: 'canvas' });
      chart.current = instance;
      // Its box follows the layout (sidebar, window, a tab shown again): the chart follows its box.
      observer = new ResizeObserver(() => {
        if (el.clientWidth > 0) instance.resize();
      });
      observer.observe(el);
      draw();
    });
    return () => {
      cancel();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [near]);

  // The theme's variables are on the page by the time the effect runs.
  useEffect(() => draw(), [spec, prefs.theme, dark, prefs.size]);

  return <div ref={box} style={BOX} role="img" aria-label={label} data-testid={testId} />;
}
