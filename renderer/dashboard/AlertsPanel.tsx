/**
 * What needs someone now (beyond the spec): devices gone quiet, offline
 * devices, channels about to run out and the devices to visit first, each a
 * kit table. Read again with every sale and device event the dashboard
 * hears, and every minute. A tenant sets here when its devices count as
 * quiet (AlertSettingsDialog).
 */
import { Badge, Button, Card, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardAlerts } from '../../shared/dashboard/index.js';
import { useOp } from '../bridge.js';
import { FRESH_MS } from './prefetch.js';
import { formatDateTime } from '../app/format.js';
import { useUser } from '../app/session.js';
import { DataTable, listView, type Column } from '../kit/index.js';
import { AlertSettingsDialog } from './AlertSettingsDialog.js';

const useStyles = makeStyles({
  card: { minWidth: 0, padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { flexGrow: 1, minWidth: '8em' },
  tabs: { flexWrap: 'wrap' },
});

type Kind = keyof DashboardAlerts;
const KINDS: readonly Kind[] = ['visits', 'stockOut', 'quiet', 'silent'];
const NONE: never[] = [];

export function AlertsPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [kind, setKind] = useState<Kind>('visits');
  const alerts = useOp('dashboard.alerts', {}, { refetchInterval: 60_000, staleTime: FRESH_MS });
  // The setting is the tenant's own: a tenant changes it, a member only lives with it.
  const tenant = useUser().roleKind === 'tenant';
  const settings = useOp('dashboard.alertSettings', {}, { enabled: tenant });
  const [editing, setEditing] = useState(false);

  const columns = useMemo(() => {
    const device = <R extends { name: string; serial: string }>(): Column<R> => ({
      id: 'device',
      header: t('dashboard.alerts.device'),
      value: (r) => `${r.name} (${r.serial})`,
      grow: 2,
    });
    const point = <R extends { pointName: string | null }>(): Column<R> => ({
      id: 'point',
      header: t('dashboard.alerts.point'),
      value: (r) => r.pointName ?? '',
    });
    const left = (hours: number) =>
      hours === 0 ? t('dashboard.alerts.soldOut') : t('dashboard.alerts.inHours', { hours });
    return {
      visits: [
        device(),
        point(),
        { id: 'channels', header: t('dashboard.alerts.channels'), kind: 'number', value: (r) => r.channels },
        { id: 'hoursLeft', header: t('dashboard.alerts.hoursLeft'), value: (r) => left(r.hoursLeft) },
      ] as Column<DashboardAlerts['visits'][number]>[],
      stockOut: [
        device(),
        { id: 'channel', header: t('dashboard.alerts.channel'), kind: 'number', value: (r) => r.channel },
        { id: 'product', header: t('dashboard.alerts.product'), value: (r) => r.productName },
        { id: 'stock', header: t('dashboard.alerts.stock'), kind: 'number', value: (r) => r.stock },
        { id: 'perDay', header: t('dashboard.alerts.perDay'), kind: 'number', value: (r) => r.perDay },
        { id: 'hoursLeft', header: t('dashboard.alerts.hoursLeft'), value: (r) => left(r.hoursLeft) },
      ] as Column<DashboardAlerts['stockOut'][number]>[],
      quiet: [
        device(),
        point(),
        { id: 'lastSale', header: t('dashboard.alerts.lastSale'), kind: 'time', value: (r) => r.lastSaleAt },
        { id: 'perDay', header: t('dashboard.alerts.perDay'), kind: 'number', value: (r) => r.perDay },
        { id: 'missed', header: t('dashboard.alerts.missed'), kind: 'number', value: (r) => r.missed },
      ] as Column<DashboardAlerts['quiet'][number]>[],
      silent: [
        device(),
        point(),
        {
          id: 'lastSeen',
          header: t('dashboard.alerts.lastSeen'),
          value: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : t('dashboard.alerts.never')),
        },
      ] as Column<DashboardAlerts['silent'][number]>[],
    };
  }, [t]);

  type Row = DashboardAlerts[Kind][number];
  const rows: readonly Row[] = alerts.data?.[kind] ?? NONE;
  const view = listView<Row>({
    isPending: alerts.isPending,
    isError: alerts.isError,
    isFetching: alerts.isFetching,
    data: alerts.data ? rows : undefined,
  });
  return (
    <Card className={styles.card} data-testid="alerts-panel">
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {t('dashboard.alerts.title')}
        </Text>
        <TabList
          className={styles.tabs}
          size="small"
          selectedValue={kind}
          onTabSelect={(_, d) => setKind(d.value as Kind)}
          aria-label={t('dashboard.alerts.title')}
        >
          {KINDS.map((k) => (
            <Tab key={k} value={k} data-testid={`alerts-${k}`}>
              {t(`dashboard.alerts.${k}`)}{' '}
              {alerts.data && alerts.data[k].length > 0 && (
                <Badge size="small" appearance="tint" color={k === 'silent' || k === 'quiet' ? 'warning' : 'danger'}>
                  {alerts.data[k].length}
                </Badge>
              )}
            </Tab>
          ))}
        </TabList>
        {tenant && (
          <Button
            size="small"
            appearance="subtle"
            icon={<SettingsRegular />}
            disabled={!settings.data}
            onClick={() => setEditing(true)}
            data-testid="alert-settings-open"
          >
            {t('dashboard.settings.open')}
          </Button>
        )}
      </div>
      {editing && settings.data && <AlertSettingsDialog current={settings.data} onClose={() => setEditing(false)} />}
      <DataTable
        label={t(`dashboard.alerts.${kind}`)}
        columns={columns[kind] as Column<Row>[]}
        rows={rows}
        rowKey={(r) => ('channel' in r ? `${r.deviceId}-${r.channel}` : r.deviceId)}
        view={view}
        onRetry={() => void alerts.refetch()}
        size="small"
        maxHeight="280px"
        testId="alerts-table"
        rowTestId="alert-row"
      />
    </Card>
  );
}
