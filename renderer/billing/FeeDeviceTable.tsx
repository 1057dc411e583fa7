/**
 * The devices with their service dates (billing.devices): the payment
 * centre's choice of devices and the service fee screen show the same
 * columns; those ending within 30 days (or ended) come first, flagged.
 */
import { formatDay } from '../../shared/format.js';
import { Badge, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import type { FeeDevice } from '../../shared/billing/index.js';

/** A service end date: the day is what counts (the time is when the device was registered). */
export const formatDate = (iso: string | null) => formatDay(iso);
import {
  DataTable,
  FilterBar,
  FilterField,
  OverflowText,
  Pager,
  seesTenants,
  TextFilter,
  tenantColumn,
  type Column,
  type ListPageState,
  type RowSelection,
  useScreen,
} from '../kit/index.js';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface FeeDeviceFilter {
  keyword: string;
  soon?: boolean | undefined;
}
export const EMPTY_FEE_FILTER: FeeDeviceFilter = { keyword: '' };

export function DaysLeft({ device }: { device: FeeDevice }) {
  const { t } = useScreen();
  if (device.daysLeft === null)
    return (
      <Badge appearance="outline" color="informative">
        {t('billing.devices.noExpiry')}
      </Badge>
    );
  const text =
    device.daysLeft < 0
      ? t('billing.devices.ended', { count: -device.daysLeft })
      : t('billing.devices.days', { count: device.daysLeft });
  return device.soon ? (
    <Badge appearance="filled" color={device.daysLeft < 0 ? 'danger' : 'warning'} data-testid="fee-device-soon">
      {text}
    </Badge>
  ) : (
    <span>{text}</span>
  );
}

interface Props {
  page: ListPageState<'billing.devices', FeeDeviceFilter>;
  selection?: RowSelection<FeeDevice, number>;
  /** The row's actions column, where the screen has one. */
  actions?: { header: string; width: number; render: (d: FeeDevice) => ReactNode };
  testId: string;
}

export function FeeDeviceTable({ page, selection, actions, testId }: Props) {
  const { t, user } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(user);
  const { draft, setDraft, field, apply, reset, table, pager } = page;
  const columns = useMemo<Column<FeeDevice>[]>(
    () => [
      {
        id: 'name',
        header: t('billing.devices.name'),
        render: (d) => <OverflowText text={d.name} />,
        minWidth: 120,
        width: 180,
        hideable: false,
      },
      {
        id: 'serial',
        header: t('billing.devices.serial'),
        minWidth: 120,
        width: 130,
        value: (d) => d.serial,
        cellTestId: 'fee-device-serial',
      },
      {
        id: 'point',
        header: t('billing.devices.point'),
        render: (d) => <OverflowText text={d.pointName ?? '—'} />,
        minWidth: 100,
        width: 160,
      },
      ...tenantColumn<FeeDevice>(byTenant, t('common.tenant')),
      {
        id: 'expiry',
        header: t('billing.devices.expiry'),
        minWidth: 100,
        width: 110,
        value: (d) => (d.serviceExpiry ? formatDate(d.serviceExpiry) : '—'),
        cellTestId: 'fee-device-expiry',
      },
      {
        id: 'daysLeft',
        header: t('billing.devices.daysLeft'),
        minWidth: 100,
        width: 120,
        render: (d) => <DaysLeft device={d} />,
      },
      {
        id: 'renewals',
        header: t('billing.devices.renewals'),
        kind: 'number',
        minWidth: 80,
        width: 100,
        value: (d) => d.renewals,
      },
      ...(actions
        ? [
            {
              id: 'actions',
              pin: 'end' as const,
              header: actions.header,
              minWidth: actions.width,
              width: actions.width,
              render: actions.render,
            },
          ]
        : []),
    ],
    [t, byTenant, actions],
  );
  return (
    <>
      {/* In a row of its own, as every list's filter bar: the bar grows along its row. */}
      <div className={styles.head}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId={`${testId}-search`} resetTestId={`${testId}-reset`}>
          <TextFilter
            label={t('billing.renew.keyword')}
            {...field('keyword')}
            maxLength={32}
            testId={`${testId}-keyword`}
          />
          <FilterField label={t('billing.renew.soonOnly')} shown={draft.soon ? t('billing.renew.soonOnly') : undefined}>
            <Switch
              checked={draft.soon === true}
              onChange={(_, d) => setDraft((f) => ({ ...f, soon: d.checked || undefined }))}
              data-testid={`${testId}-soon`}
            />
          </FilterField>
        </FilterBar>
      </div>
      <DataTable
        label={t('billing.devices.title')}
        columns={columns}
        {...table}
        rowKey={(d) => d.id}
        selection={selection}
        rowData={(d) => ({ 'data-device-id': d.id, 'data-soon': String(d.soon) })}
        rowTestId={`${testId}-row`}
        testId={testId}
      />
      <Pager {...pager} testId={`${testId}-pager`} />
    </>
  );
}
