/**
 * The dashboard (spec §2), where every user with it lands: today's, this
 * month's and this year's sales, today's orders, the devices online and
 * offline and the user's roles at the top, moving live as machines sell;
 * then a period (the spec's shortcuts or a custom range) with its totals and
 * its sales over time, by product, by device and by point — each a chart or
 * a table, exportable. Every figure comes from the rollups
 * (`dashboard.figures`, `dashboard.today`) in the user's scope.
 */
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { DashboardFigures, Figures } from '../../shared/dashboard/index.js';
import { useOp } from '../bridge.js';
import { roleNameKey } from '../app/session.js';
import { listView, useScreen } from '../kit/index.js';
import { ChartPanel } from './ChartPanel.js';
import { AlertsPanel } from './AlertsPanel.js';
import { RangeBar, type Period } from './RangeBar.js';
import { includesToday } from './range.js';
import { FRESH_MS, prefetchDashboard } from './prefetch.js';
import { useDashboardPanels } from './panels.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  cards: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
  },
  card: {
    padding: tokens.spacingHorizontalM,
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    containerType: 'inline-size',
  },
  label: { color: tokens.colorNeutralForeground3 },
  // As large as the font size chosen, smaller in a narrow card: a year's sales stay on one line.
  figure: {
    fontSize: `min(${tokens.fontSizeHero700}, 13cqi)`,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  // Names, not a figure: they may be long (a custom role's).
  words: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  small: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  online: { color: tokens.colorPaletteGreenForeground1 },
  panels: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))',
  },
  totals: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}` },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // The page's heading for a screen reader: the tab and the breadcrumb already show its name to the eye.
  heading: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

function Figure({
  label,
  value,
  note,
  testId,
  words = false,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
  words?: boolean;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid={testId}>
      <Text className={styles.label}>{label}</Text>
      <Text className={words ? styles.words : styles.figure} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note !== undefined && <Text className={styles.small}>{note}</Text>}
    </Card>
  );
}

export default function DashboardPage() {
  const { t, user, client } = useScreen();
  const styles = useStyles();
  // Both reads start during the first render (if the session's start has not started them), not after its
  // commit, which takes a few hundred ms on a slow machine: the queries below find them under way.
  const [period, setPeriod] = useState<Period>(() => ({ shortcut: 'last7', range: prefetchDashboard(client) }));
  const live = includesToday(period.range);
  // Fresh for a while: the live events and the minute's refetch renew them, a remount need not.
  const today = useOp('dashboard.today', {}, { staleTime: FRESH_MS });
  // A period with today in it is read again now and then; the cards above move with every sale.
  const figures = useOp(
    'dashboard.figures',
    { body: period.range },
    { placeholderData: keepPreviousData, staleTime: FRESH_MS, refetchInterval: live ? 60_000 : false },
  );
  const panels = useDashboardPanels(figures.data, today.data);
  const view = (rows: readonly unknown[] | undefined, query: typeof figures | typeof today) =>
    listView({ isPending: query.isPending, isError: query.isError, isFetching: query.isFetching, data: rows });

  const roles = useMemo(
    () =>
      user.roles
        .map((r) => {
          const key = roleNameKey(r.name);
          return key ? t(key) : r.name;
        })
        .join(t('common.listSeparator')) || t(roleNameKey(user.roleName) ?? 'dashboard.cards.roles'),
    [user, t],
  );

  const money = (f: Figures | undefined) => (f ? formatYuan(f.net) : '—');
  const refunds = (f: Figures | undefined) =>
    f && f.refunds ? t('dashboard.cards.refunds', { amount: formatYuan(f.refunds) }) : undefined;
  const d = today.data;
  const totals: DashboardFigures['totals'] | undefined = figures.data?.totals;

  return (
    <div className={styles.page} data-testid="dashboard">
      <h1 className={styles.heading}>{t('route.dashboard')}</h1>
      <div className={styles.cards} aria-live="polite">
        <Figure
          label={t('dashboard.cards.today')}
          value={money(d?.today)}
          note={refunds(d?.today)}
          testId="card-today"
        />
        <Figure
          label={t('dashboard.cards.todayOrders')}
          value={d ? d.today.orders.toLocaleString() : '—'}
          testId="card-orders"
        />
        <Figure
          label={t('dashboard.cards.month')}
          value={money(d?.month)}
          note={refunds(d?.month)}
          testId="card-month"
        />
        <Figure label={t('dashboard.cards.year')} value={money(d?.year)} note={refunds(d?.year)} testId="card-year" />
        <Figure
          label={t('dashboard.cards.devices')}
          value={d ? `${d.devices.online} / ${d.devices.offline}` : '—'}
          note={
            d
              ? `${t('dashboard.cards.online')} ${d.devices.online} · ${t('dashboard.cards.offline')} ${d.devices.offline}`
              : undefined
          }
          testId="card-devices"
        />
        <Figure label={t('dashboard.cards.roles')} value={roles} testId="card-roles" words />
      </div>
      <AlertsPanel />
      <ChartPanel
        id="hours"
        title={t('dashboard.charts.hours')}
        fileName={t('dashboard.charts.hours')}
        rows={panels.hours.rows}
        rowKey={(r) => r.bucket}
        columns={panels.hours.columns}
        chart={panels.hours.chart}
        view={view(panels.hours.empty ? [] : panels.hours.rows, today)}
        onRetry={() => void today.refetch()}
      />
      <section className={styles.section} aria-label={t('dashboard.range.label')}>
        <RangeBar period={period} onChange={setPeriod} />
        <div className={styles.totals} data-testid="range-totals">
          {(['sales', 'refunds', 'net'] as const).map((k) => (
            <Text key={k}>
              <span className={styles.label}>{t(`dashboard.totals.${k}`)} </span>
              <Text weight="semibold" data-testid={`total-${k}`}>
                {totals ? formatYuan(totals[k]) : '—'}
              </Text>
            </Text>
          ))}
          {(['orders', 'quantity'] as const).map((k) => (
            <Text key={k}>
              <span className={styles.label}>{t(`dashboard.totals.${k}`)} </span>
              <Text weight="semibold" data-testid={`total-${k}`}>
                {totals ? totals[k].toLocaleString() : '—'}
              </Text>
            </Text>
          ))}
        </div>
        <div className={styles.panels}>
          <ChartPanel
            id="series"
            wide
            title={t('dashboard.charts.series')}
            fileName={`${t('dashboard.charts.series')} ${period.range.from}~${period.range.to}`}
            rows={panels.series.rows}
            rowKey={(r) => r.bucket}
            columns={panels.series.columns}
            chart={panels.series.chart}
            view={view(panels.series.empty ? [] : panels.series.rows, figures)}
            onRetry={() => void figures.refetch()}
          />
          {(['byProduct', 'byDevice', 'byPoint'] as const).map((k) => (
            <ChartPanel
              key={k}
              id={k}
              title={t(`dashboard.charts.${k}`)}
              fileName={`${t(`dashboard.charts.${k}`)} ${period.range.from}~${period.range.to}`}
              rows={panels[k].rows}
              rowKey={(r) => r.key}
              columns={panels[k].columns}
              chart={panels[k].chart}
              view={view(panels[k].rows, figures)}
              onRetry={() => void figures.refetch()}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
