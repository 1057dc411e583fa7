/**
 * Devices with checkboxes (a point's bound and free devices, a distributor's
 * and its parent's), drawn by the kit's DataTable; their columns alone
 * (`useDeviceColumns`) for a list on the kit's resource (a distributor's
 * devices tab).
 */
import { Badge } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '../../shared/device/index.js';
import { DataTable, type Column, type ListView } from '../kit/index.js';

export interface DeviceTableProps {
  label: string;
  rows: readonly DeviceItem[];
  view: ListView;
  /** Newer rows are on their way. */
  busy: boolean;
  onRetry?: () => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  rowTestId: string;
  testId: string;
  /** Read-only without the right to move them (no checkboxes). */
  selectable: boolean;
  /** The checkboxes' accessible names: of all on the page, of one row. */
  allLabel: string;
  rowLabel: (device: DeviceItem) => string;
}

/** A device's columns as every list of devices shows them: name, serial, type, model, online, activation. */
export function useDeviceColumns(): Column<DeviceItem>[] {
  const { t } = useTranslation();
  return useMemo<Column<DeviceItem>[]>(
    () => [
      { id: 'name', header: t('device.name'), value: (d) => d.name, minWidth: 112, width: 150, grow: 2 },
      {
        id: 'serial',
        header: t('device.serial'),
        value: (d) => d.serial,
        minWidth: 112,
        width: 150,
        grow: 1,
        cellTestId: 'device-serial',
      },
      { id: 'type', header: t('device.type'), value: (d) => t(`device.types.${d.type}`), minWidth: 88, width: 110 },
      { id: 'model', header: t('device.model'), value: (d) => d.model, minWidth: 80, width: 110, grow: 1 },
      {
        id: 'online',
        header: t('device.onlineState'),
        minWidth: 80,
        width: 96,
        render: (d) => (
          <Badge appearance="tint" color={d.online ? 'success' : 'subtle'}>
            {t(d.online ? 'device.online' : 'device.offline')}
          </Badge>
        ),
      },
      {
        id: 'activation',
        header: t('device.activation'),
        value: (d) => t(d.activated ? 'device.activated' : 'device.notActivated'),
        minWidth: 88,
        width: 110,
      },
    ],
    [t],
  );
}

export function DeviceTable({
  label,
  rows,
  view,
  busy,
  onRetry,
  selected,
  onSelect,
  rowTestId,
  testId,
  selectable,
  allLabel,
  rowLabel,
}: DeviceTableProps) {
  const columns = useDeviceColumns();

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      view={view}
      busy={busy}
      {...(onRetry ? { onRetry } : {})}
      selection={
        selectable
          ? {
              selected,
              onChange: onSelect,
              allLabel,
              rowLabel,
            }
          : undefined
      }
      rowTestId={rowTestId}
      rowData={(d) => ({ 'data-device-id': d.id })}
      testId={testId}
      size="small"
      skeletonRows={3}
    />
  );
}
