/**
 * The dashboard's panels from its two answers: for each, the rows (shared by
 * the chart, the table and the sheet), the kit's columns and what the chart
 * draws. Names the upstream leaves to the language ("others", devices on no
 * point) are put into words here.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DashboardFigures,
  DashboardToday,
  RankedRow,
  SeriesGrain,
  SeriesPoint,
} from '../../shared/dashboard/index.js';
import type { Column } from '../kit/index.js';
import type { ChartSpec } from './chartSpec.js';

/** Bars drawn of a ranking; the table and the sheet have every row. */
const CHART_TOP = 10;

export interface Ranked extends RankedRow {
  key: string;
}
interface Panel<Row> {
  rows: readonly Row[];
  columns: Column<Row>[];
  chart: ChartSpec;
}

/** A bucket as the axis shows it: the hour, the day without its year, the month. */
export function bucketLabel(bucket: string, grain: SeriesGrain): string {
  if (grain === 'hour') return bucket.slice(11, 16);
  if (grain === 'day') return bucket.slice(5);
  return bucket;
}

export function useDashboardPanels(figures: DashboardFigures | undefined, today: DashboardToday | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    const money = <R extends { sales: number; refunds: number; net: number }>(): Column<R>[] => [
      { id: 'sales', header: t('dashboard.totals.sales'), kind: 'money', value: (r) => r.sales },
      { id: 'refunds', header: t('dashboard.totals.refunds'), kind: 'money', value: (r) => r.refunds },
      { id: 'net', header: t('dashboard.totals.net'), kind: 'money', value: (r) => r.net },
    ];
    const grain = figures?.grain ?? 'day';
    const timeColumn: Column<SeriesPoint> = {
      id: 'time',
      header: t('dashboard.columns.time'),
      value: (r) => r.bucket,
      minWidth: 110,
    };
    const ordersColumn = <R extends { orders: number }>(): Column<R> => ({
      id: 'orders',
      header: t('dashboard.totals.orders'),
      kind: 'number',
      value: (r) => r.orders,
    });

    const timeline = (rows: readonly SeriesPoint[], g: SeriesGrain): Panel<SeriesPoint> => ({
      rows,
      columns: [timeColumn, ...money<SeriesPoint>(), ordersColumn<SeriesPoint>()],
      chart: {
        kind: 'line',
        categories: rows.map((r) => bucketLabel(r.bucket, g)),
        series: [
          { name: t('dashboard.totals.net'), values: rows.map((r) => r.net), money: true },
          { name: t('dashboard.totals.orders'), values: rows.map((r) => r.orders), money: false, axis: 1, type: 'bar' },
        ],
      },
    });

    const named = (rows: readonly RankedRow[] | undefined, kind: 'product' | 'device' | 'point'): Ranked[] =>
      (rows ?? []).map((r) => ({
        ...r,
        key: `${r.id ?? r.name}`,
        name:
          r.id === null && r.name === 'others'
            ? t('dashboard.charts.others')
            : r.id === null && kind === 'point'
              ? t('dashboard.charts.noPoint')
              : r.name,
      }));
    const ranking = (rows: Ranked[], kind: 'product' | 'device' | 'point'): Panel<Ranked> => {
      const detail = {
        product: t('dashboard.columns.category'),
        device: t('dashboard.columns.point'),
        point: t('dashboard.columns.detail'),
      }[kind];
      const head: Column<Ranked>[] = [
        { id: 'name', header: t(`dashboard.columns.${kind}`), value: (r) => r.name, grow: 2 },
        { id: 'detail', header: detail, value: (r) => r.detail },
        kind === 'product'
          ? { id: 'quantity', header: t('dashboard.totals.quantity'), kind: 'number', value: (r) => r.quantity }
          : ordersColumn<Ranked>(),
      ];
      const drawn = kind === 'point' ? rows : rows.filter((r) => r.id !== null).slice(0, CHART_TOP);
      // Products rank by what they sold; devices and points by what they kept.
      const value = (r: Ranked) => (kind === 'product' ? r.sales : r.net);
      return {
        rows,
        columns: [...head, ...money<Ranked>()],
        chart: {
          kind: kind === 'point' ? 'pie' : 'bar',
          horizontal: kind !== 'point',
          categories: drawn.map((r) => r.name),
          series: [
            {
              name: kind === 'product' ? t('dashboard.totals.sales') : t('dashboard.totals.net'),
              values: drawn.map(value),
              money: true,
            },
          ],
        },
      };
    };
    const series = timeline(figures?.series ?? [], grain);
    return {
      series: { ...series, empty: !figures || (figures.totals.orders === 0 && figures.totals.refunds === 0) },
      // A day without a sale yet says so, as the trend does: an empty chart drew "¥0" six times and 0.2 orders.
      hours: {
        ...timeline(today?.hours ?? [], 'hour'),
        empty: !today || (today.today.orders === 0 && today.today.refunds === 0),
      },
      byProduct: ranking(named(figures?.byProduct, 'product'), 'product'),
      byDevice: ranking(named(figures?.byDevice, 'device'), 'device'),
      byPoint: ranking(named(figures?.byPoint, 'point'), 'point'),
    };
  }, [figures, today, t]);
}
