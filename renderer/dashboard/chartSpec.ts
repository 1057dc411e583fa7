/** What a dashboard chart draws, free of echarts (the page builds it; EChart.tsx, in the charts' chunk, draws it). */
export interface ChartSeries {
  name: string;
  values: readonly number[];
  /** Values in fen, shown as yuan. */
  money: boolean;
  /** The second value axis (orders beside yuan). */
  axis?: 0 | 1;
  /** Another kind than the chart's (orders as bars under a line of sales). */
  type?: 'line' | 'bar';
}

export interface ChartSpec {
  kind: 'line' | 'bar' | 'pie';
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** Bars along the category axis on the left: long names read better. */
  horizontal?: boolean;
}
