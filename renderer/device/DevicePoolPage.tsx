/**
 * /devicePool/index (spec §2, system admin only; §3 allocation status): every
 * device and who holds it — the pool or a tenant — with registering new
 * devices, allocating a selection to a tenant, recycling a selection
 * (asked first: it takes devices out of service), and each device's history.
 */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { DeviceItem } from '../../shared/device/index.js';
import { useOpMutation } from '../bridge.js';
import {
  ConfirmDialog,
  OverflowText,
  ResourceList,
  useResource,
  useSelection,
  type Column,
  useScreen,
  RowAction,
  CreateButton,
  BulkAction,
  BulkBar,
} from '../kit/index.js';
import { DeviceFilters, EMPTY_DEVICE_FILTER } from './DeviceFilters.js';
import { AllocateDialog, HistoryDialog, RegisterDialog } from './PoolDialogs.js';

const useStyles = makeStyles({
  badges: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
  pool: { color: tokens.colorNeutralForeground3 },
});

export default function DevicePoolPage() {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const devices = useResource('device.page', { ns: 'device.pool', testId: 'pool', empty: EMPTY_DEVICE_FILTER });
  const { column, action, search, rows, filter } = devices;
  const [registering, setRegistering] = useState(false);
  const [allocating, setAllocating] = useState<number[] | null>(null);
  const [recycling, setRecycling] = useState<number[] | null>(null);
  const [history, setHistory] = useState<DeviceItem | null>(null);

  const recycle = useOpMutation('device.recycle', {
    invalidates: ['device.page', 'device.models', 'device.allocations'],
  });
  const selection = useSelection(rows, filter);

  const doRecycle = async (ids: number[]) => {
    try {
      const { changed } = await recycle.mutateAsync({ body: { ids } });
      notify(t('device.pool.recycled', { count: changed }));
      selection.clear();
    } catch (error) {
      report(error, { fallback: t('device.pool.recycleFailed') });
    }
  };

  const columns = useMemo<Column<DeviceItem>[]>(
    () => [
      column('serial', {
        header: t('device.serial'),
        value: (d) => d.serial,
        minWidth: 120,
        width: 140,
        testId: true,
        hideable: false,
      }),
      column('name', { header: t('device.name'), value: (d) => d.name, minWidth: 120, width: 180, grow: 2 }),
      column('model', { fold: 1, header: t('device.model'), value: (d) => d.model, minWidth: 80, width: 100 }),
      column('type', {
        fold: 2,
        header: t('device.type'),
        value: (d) => t(`device.types.${d.type}`),
        minWidth: 80,
        width: 110,
      }),
      column('holder', {
        minWidth: 110,
        width: 180,
        grow: 1,
        testId: true,
        render: (d) =>
          d.tenantName ? (
            <OverflowText text={d.tenantName} />
          ) : (
            <span className={styles.pool}>{t('device.pool.inPool')}</span>
          ),
      }),
      column('allocation', {
        header: t('device.list.allocation'),
        minWidth: 96,
        width: 120,
        testId: true,
        render: (d) => (
          <div className={styles.badges}>
            <Badge
              appearance={d.allocation === 'normal' ? 'outline' : 'tint'}
              color={d.allocation === 'recycled' ? 'danger' : 'brand'}
            >
              {t(`device.list.allocations.${d.allocation}`)}
            </Badge>
          </div>
        ),
      }),
      column('point', {
        fold: 3,
        header: t('device.list.point'),
        render: (d) => <OverflowText text={d.pointName ?? '—'} />,
        minWidth: 96,
        width: 150,
      }),
      column('state', {
        header: t('device.onlineState'),
        minWidth: 90,
        width: 110,
        render: (d) => (
          <Badge appearance="filled" color={d.online ? 'success' : 'informative'}>
            {t(d.online ? 'device.online' : 'device.offline')}
          </Badge>
        ),
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 100,
        shrinkLast: true,
        render: (d) => (
          <RowAction
            {...action('history-open', t('device.pool.history'))}
            icon={<HistoryRegular />}
            opensDialog
            action={() => setHistory(d)}
          />
        ),
      }),
    ],
    [t, styles, column, action],
  );

  const none = selection.ids.length === 0;
  return (
    <ResourceList
      resource={devices}
      columns={columns}
      rowKey={(d) => d.id}
      actions={
        <CreateButton onClick={() => setRegistering(true)} testId="pool-register-open">
          {t('device.pool.register')}
        </CreateButton>
      }
      besideFilters={
        <DeviceFilters
          pool
          onSearch={(f) => {
            search(f);
            selection.clear();
          }}
        />
      }
      aboveTable={
        <BulkBar label={t('device.list.selected', { count: selection.ids.length })} testId="pool-selected">
          <BulkAction
            disabled={none}
            opensDialog
            action={() => setAllocating(selection.ids)}
            testId="pool-bulk-allocate"
          >
            {t('device.pool.allocate')}
          </BulkAction>
          <BulkAction
            disabled={none}
            danger
            opensDialog
            action={() => setRecycling(selection.ids)}
            testId="pool-bulk-recycle"
          >
            {t('device.pool.recycle')}
          </BulkAction>
        </BulkBar>
      }
      table={{
        selection: selection.table((d) => t('device.list.selectRow', { name: d.name }), t('device.list.selectAll')),
      }}
    >
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
      {allocating && (
        <AllocateDialog ids={allocating} onClose={() => setAllocating(null)} onDone={() => selection.clear()} />
      )}
      {history && <HistoryDialog device={history} onClose={() => setHistory(null)} />}
      <ConfirmDialog
        open={recycling !== null}
        danger
        title={t('device.pool.recycleTitle')}
        text={t('device.pool.recycleConfirm', { count: recycling?.length ?? 0 })}
        confirmLabel={t('device.pool.recycle')}
        onConfirm={async () => {
          if (recycling) await doRecycle(recycling);
          setRecycling(null);
        }}
        onCancel={() => setRecycling(null)}
      />
    </ResourceList>
  );
}
