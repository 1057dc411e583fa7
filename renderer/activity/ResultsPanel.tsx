/**
 * An activity's results on its page (beyond the spec): the orders it priced
 * that still stand, their revenue, the discount, coupons, members, and the
 * uplift of its devices against their previous period of the same length;
 * by day as the dashboard's chart panel draws it — chart or table, and the
 * table as .xlsx.
 */
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { Suspense, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import type { ActivityResults } from '../../shared/activity/index.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import { callOp, useOp } from '../bridge.js';
import { LazyChartPanel, type ChartPanelProps } from '../dashboard/index.js';
import { currentLang } from '../i18n/index.js';
import { ExportButton, InfoList, listView, useScreen, type Column } from '../kit/index.js';
import { activityOrdersPath } from '../order/index.js';

type Day = ActivityResults['days'][number];
// The lazy panel keeps its generic row type behind React.lazy: restored here for this page's rows.
const ChartPanel = LazyChartPanel as unknown as ComponentType<ChartPanelProps<Day>>;
// Loaded with this page's module (preloaded while the console is idle): the panel then never suspends on a move.
void LazyChartPanel.preload().catch(() => {});

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** `coupons`: a coupon activity, whose claims and redemptions export as a sheet. */
export function ResultsPanel({ id, name, coupons }: { id: number; name: string; coupons: boolean }) {
  const { t } = useScreen();
  const styles = useStyles();
  const navigate = useNavigate();
  const results = useOp('activity.results', { params: { id } }, { staleTime: 0 });
  const r = results.data;
  const columns: Column<Day>[] = [
    { id: 'day', header: t('activity.results.day'), value: (d) => d.day },
    { id: 'orders', header: t('activity.uses'), kind: 'number', value: (d) => d.orders },
    { id: 'revenue', header: t('activity.results.revenue'), kind: 'money', value: (d) => d.revenue },
    { id: 'discount', header: t('activity.discount'), kind: 'money', value: (d) => d.discount },
  ];
  return (
    <section className={styles.box} aria-label={t('activity.results.title')} data-testid="activity-results">
      {r && (
        <InfoList
          items={[
            {
              label: t('activity.results.period'),
              value: `${formatTime(r.from).slice(0, 16)} – ${formatTime(r.to).slice(0, 16)}`,
            },
            { label: t('activity.uses'), value: r.orders, testId: 'activity-results-orders' },
            { label: t('activity.results.revenue'), value: formatYuan(r.revenue) },
            { label: t('activity.discount'), value: formatYuan(r.discount), testId: 'activity-results-discount' },
            { label: t('activity.results.coupons'), value: `${r.couponsRedeemed} / ${r.couponsIssued}` },
            ...(coupons
              ? [{ label: t('activity.results.couponsSent'), value: r.couponsSent, testId: 'activity-results-sent' }]
              : []),
            { label: t('activity.results.members'), value: r.members },
            { label: t('activity.results.devicesRevenue'), value: formatYuan(r.devicesRevenue) },
            { label: t('activity.results.previousRevenue'), value: formatYuan(r.previousRevenue) },
            {
              label: t('activity.results.uplift'),
              value: r.uplift === null ? '—' : `${r.uplift > 0 ? '+' : ''}${r.uplift}%`,
              testId: 'activity-results-uplift',
            },
          ]}
        />
      )}
      <div className={styles.tools}>
        <Button
          icon={<ReceiptRegular />}
          onClick={() => void navigate(activityOrdersPath(id))}
          data-testid="activity-results-view-orders"
        >
          {t('activity.claims.viewOrders')}
        </Button>
        {coupons && (
          <ExportButton
            make={() => callOp('activity.claimsExport', { params: { id }, query: { lang: currentLang() } })}
            none={t('activity.claims.none')}
            saved={(count) => t('activity.claims.exported', { count })}
            testId="activity-claims-export"
          >
            {t('activity.claims.export')}
          </ExportButton>
        )}
      </div>
      <Suspense fallback={<Spinner size="small" />}>
        <ChartPanel
          id="activity-results"
          title={t('activity.results.title')}
          rows={r?.days ?? []}
          rowKey={(d) => d.day}
          columns={columns}
          chart={{
            kind: 'line',
            categories: (r?.days ?? []).map((d) => d.day),
            series: [
              {
                name: t('activity.uses'),
                values: (r?.days ?? []).map((d) => d.orders),
                money: false,
                axis: 1,
                type: 'bar',
              },
              { name: t('activity.results.revenue'), values: (r?.days ?? []).map((d) => d.revenue), money: true },
              { name: t('activity.discount'), values: (r?.days ?? []).map((d) => d.discount), money: true },
            ],
          }}
          view={listView({
            isPending: results.isPending,
            isError: results.isError,
            isFetching: results.isFetching,
            data: r?.days,
          })}
          onRetry={() => void results.refetch()}
          fileName={`${name}-${t('activity.results.title')}`}
          wide
        />
      </Suspense>
    </section>
  );
}
