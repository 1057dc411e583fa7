/**
 * The devices with their service dates (billing.devices) as a list resource:
 * the payment centre's choice of devices and the service fee screen show the
 * same columns and filters; those ending within 30 days (or ended) come
 * first, flagged.
 */
import { Badge, Switch } from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import type { FeeDevice } from '../../shared/billing/index.js';
import { formatDay } from '../../shared/format.js';
import {
  FilterField,
  OverflowText,
  TextFilter,
  useResource,
  useScreen,
  type Column,
  type Resource,
} from '../kit/index.js';

/** A service end date: the day is what counts (the time is when the device was registered). */
export const formatDate = (iso: string | null) => formatDay(iso);

export interface FeeDeviceFilter {
  keyword: string;
  soon?: boolean | undefined;
}
const EMPTY: FeeDeviceFilter = { keyword: '' };

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

/** The devices' list, its test ids prefixed with `testId` (the two screens each have theirs). */
export type FeeDevices = Resource<'billing.devices', FeeDeviceFilter>;
export const useFeeDevices = (testId: string, pageSize = 20): FeeDevices =>
  useResource('billing.devices', { ns: 'billing.devices', testId, empty: EMPTY, pageSize });

/** A row's data attributes on both screens: the device, and whether it ends within 30 days. */
export const feeDeviceRowData = (d: FeeDevice) => ({ 'data-device-id': d.id, 'data-soon': String(d.soon) });

/** The columns, with the screen's row actions where it has them. */
export function useFeeDeviceColumns(
  { column, tenantColumn }: FeeDevices,
  actions?: { width: number; render: (d: FeeDevice) => ReactNode },
): Column<FeeDevice>[] {
  const { t } = useScreen();
  return useMemo(
    () => [
      column('name', { render: (d) => <OverflowText text={d.name} />, minWidth: 120, width: 180, hideable: false }),
      column('serial', { minWidth: 120, width: 130, value: (d) => d.serial, cellTestId: 'fee-device-serial' }),
      column('point', { render: (d) => <OverflowText text={d.pointName ?? '—'} />, minWidth: 100, width: 160 }),
      ...tenantColumn(),
      column('expiry', {
        minWidth: 100,
        width: 110,
        value: (d) => (d.serviceExpiry ? formatDate(d.serviceExpiry) : '—'),
        cellTestId: 'fee-device-expiry',
      }),
      column('daysLeft', { minWidth: 100, width: 120, render: (d) => <DaysLeft device={d} /> }),
      column('renewals', { kind: 'number', minWidth: 80, width: 100, value: (d) => d.renewals }),
      ...(actions
        ? [
            column('actions', {
              pin: 'end',
              header: t('common.actions'),
              minWidth: actions.width,
              width: actions.width,
              render: actions.render,
            }),
          ]
        : []),
    ],
    [t, column, tenantColumn, actions],
  );
}

/** The filter bar's fields: a name or serial, and those ending within 30 days. */
export function FeeDeviceFilters({ devices }: { devices: FeeDevices }) {
  const { t } = useScreen();
  const { source, draft, setDraft, testId } = devices;
  return (
    <>
      <TextFilter {...source('keyword', t('billing.renew.keyword'))} maxLength={32} />
      <FilterField label={t('billing.renew.soonOnly')} shown={draft.soon ? t('billing.renew.soonOnly') : undefined}>
        <Switch
          checked={draft.soon === true}
          onChange={(_, d) => setDraft((f) => ({ ...f, soon: d.checked || undefined }))}
          data-testid={`${testId}-soon`}
        />
      </FilterField>
    </>
  );
}
