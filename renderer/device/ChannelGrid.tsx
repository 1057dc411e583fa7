/**
 * A device's channels on devSet (spec §3 Channel): number, product with its
 * picture, stock against the capacity (at or below the warning value marked),
 * price and staff price, switch and lock (locked or unlocked on its row); a selection edited at once, and
 * refilling to capacity (all switched-on channels with a product, or the
 * selection). Built from the list kit; 60 channels stay one page.
 */
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowSyncRegular,
  ClipboardTaskListLtrRegular,
  EditRegular,
  LockClosedRegular,
  LockOpenRegular,
} from '@fluentui/react-icons';
import { Suspense, useCallback, useMemo, useState } from 'react';
import type { ChannelItem, DeviceDetail } from '../../shared/device/index.js';
import { formatYuan } from '../../shared/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  ActionButton,
  DataTable,
  listView,
  OverflowText,
  useSelection,
  type Column,
  useScreen,
  RowAction,
} from '../kit/index.js';
import { ChannelEditDialog } from './ChannelEditDialog.js';
import { StockCountDialog } from './StockCountDialog.js';
import { refillBatches } from './ports.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  product: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  thumb: {
    width: '28px',
    height: '28px',
    objectFit: 'contain',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
  },
  low: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

export function ChannelGrid({ device }: { device: DeviceDetail }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const list = useOp('device.channels', { params: { id: device.id } });
  const refill = useOpMutation('device.channelRefill', { invalidates: ['device.channels'] });
  const update = useOpMutation('device.channelUpdate', { invalidates: ['device.channels'] });
  const setLock = useCallback(
    async (number: number, locked: boolean) => {
      try {
        await update.mutateAsync({ params: { id: device.id }, body: { numbers: [number], patch: { locked } } });
        notify(t(locked ? 'device.channel.lockedNow' : 'device.channel.unlockedNow', { number }));
      } catch (error) {
        report(error, { fallback: t('device.channel.saveFailed') });
      }
    },
    [update.mutateAsync, device.id, notify, report, t],
  );
  const rows = list.data ?? NONE;
  const keyed = useMemo(() => rows.map((c) => ({ id: c.number })), [rows]);
  const selection = useSelection(keyed);
  const [editing, setEditing] = useState<number[] | null>(null);
  const [counting, setCounting] = useState(false);
  const [batching, setBatching] = useState<{ numbers: number[] | undefined; perishable: ChannelItem[] } | null>(null);
  const RefillBatches = refillBatches.use();

  const columns = useMemo<Column<ChannelItem>[]>(
    () => [
      {
        id: 'number',
        header: t('device.channel.number'),
        kind: 'number',
        value: (c) => c.number,
        cellTestId: 'channel-number',
      },
      {
        id: 'product',
        header: t('device.channel.product'),
        minWidth: 160,
        width: 260,
        grow: 2,
        cellTestId: 'channel-product',
        render: (c) =>
          c.productId === null ? (
            <Text italic>{t('device.channel.empty')}</Text>
          ) : (
            <span className={styles.product}>
              {c.productImage && (
                <img className={styles.thumb} src={`/files/${c.productImage}`} alt="" loading="lazy" />
              )}
              <OverflowText text={c.productName ?? ''} />
              {c.perishable && (
                <Badge appearance="outline" color="warning" size="small" data-testid="channel-perishable">
                  {t('device.channel.perishable')}
                </Badge>
              )}
            </span>
          ),
      },
      {
        id: 'stock',
        header: t('device.channel.stock'),
        minWidth: 72,
        width: 90,
        cellTestId: 'channel-stock',
        render: (c) => (
          <span
            className={c.productId !== null && c.stock <= device.warningValue ? styles.low : undefined}
          >{`${c.stock}/${c.capacity}`}</span>
        ),
      },
      {
        id: 'price',
        header: t('device.channel.price'),
        minWidth: 80,
        width: 100,
        cellTestId: 'channel-price',
        render: (c) => (c.price === null ? '—' : formatYuan(c.price)),
      },
      {
        id: 'customerStaffPrice',
        header: t('device.channel.customerStaffPrice'),
        minWidth: 80,
        width: 110,
        render: (c) => (c.customerStaffPrice === null ? '—' : formatYuan(c.customerStaffPrice)),
      },
      {
        id: 'state',
        header: t('device.channel.enabled'),
        minWidth: 100,
        width: 140,
        cellTestId: 'channel-state',
        render: (c) => (
          <span className={styles.bar}>
            <Badge appearance="tint" color={c.enabled ? 'success' : 'informative'}>
              {t(c.enabled ? 'device.channel.on' : 'device.channel.off')}
            </Badge>
            {c.locked && (
              <Badge appearance="tint" color="danger">
                {t('device.list.locked')}
              </Badge>
            )}
          </span>
        ),
      },
      {
        // The lock is what people look for on the row itself; "Edit selected" still sets it for many at once.
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 72,
        width: 90,
        cellTestId: 'channel-actions',
        render: (c) => (
          <RowAction
            icon={c.locked ? <LockOpenRegular /> : <LockClosedRegular />}
            aria-label={t(c.locked ? 'device.channel.unlockRow' : 'device.channel.lockRow', { number: c.number })}
            action={() => setLock(c.number, !c.locked)}
            testId="channel-lock"
          >
            {t(c.locked ? 'device.channel.unlock' : 'device.channel.lock')}
          </RowAction>
        ),
      },
    ],
    [t, styles, device.warningValue, setLock],
  );

  const refillNow = async (numbers?: number[]) => {
    // Channels of a perishable product that will take goods: the refill asks their batches' expiry first.
    const perishable = rows.filter(
      (c) =>
        c.perishable &&
        c.productId !== null &&
        c.stock < c.capacity &&
        (numbers ? numbers.includes(c.number) : c.enabled),
    );
    if (perishable.length) {
      setBatching({ numbers, perishable });
      return;
    }
    try {
      await refill.mutateAsync({ params: { id: device.id }, body: numbers ? { numbers } : {} });
      notify(t('device.channel.refilled'));
      selection.clear();
    } catch (error) {
      report(error, { fallback: t('device.channel.saveFailed') });
    }
  };
  const none = selection.ids.length === 0;

  return (
    <Card className={styles.card} aria-label={t('device.channel.title')}>
      <Text as="h2" weight="semibold" size={400}>
        {t('device.channel.title')}
      </Text>
      <div
        className={styles.bar}
        role="toolbar"
        aria-label={t('device.channel.selected', { count: selection.ids.length })}
      >
        <Text data-testid="channel-selected">{t('device.channel.selected', { count: selection.ids.length })}</Text>
        <ActionButton
          size="small"
          icon={<EditRegular />}
          disabled={none}
          opensDialog
          action={() => setEditing(selection.ids)}
          data-testid="channel-edit"
        >
          {t('device.channel.edit')}
        </ActionButton>
        <ActionButton
          size="small"
          icon={<ArrowSyncRegular />}
          disabled={none}
          opensDialog={rows.some((c) => c.perishable && selection.ids.includes(c.number))}
          action={() => refillNow(selection.ids)}
          data-testid="channel-refill-selected"
        >
          {t('device.channel.refillSelected')}
        </ActionButton>
        <Button
          size="small"
          icon={<ArrowSyncRegular />}
          disabled={rows.length === 0 || refill.isPending}
          onClick={() => void refillNow()}
          data-testid="channel-refill"
        >
          {t('device.channel.refill')}
        </Button>
        <Button
          size="small"
          icon={<ClipboardTaskListLtrRegular />}
          disabled={!rows.some((c) => c.productId !== null)}
          onClick={() => setCounting(true)}
          data-testid="channel-count"
        >
          {t('device.care.count.action')}
        </Button>
      </div>
      <DataTable
        label={t('device.channel.title')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.number}
        view={listView(list)}
        busy={list.isFetching && list.data !== undefined}
        onRetry={() => void list.refetch()}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          rowLabel: (c) => t('device.channel.selectRow', { number: c.number }),
          allLabel: t('device.channel.selectAll'),
        }}
        rowTestId="channel-row"
        testId="channel-table"
      />
      {batching && (
        <Suspense fallback={null}>
          <RefillBatches
            deviceId={device.id}
            numbers={batching.numbers}
            perishable={batching.perishable}
            onClose={(refilled) => {
              setBatching(null);
              if (refilled) selection.clear();
            }}
          />
        </Suspense>
      )}
      {counting && <StockCountDialog device={device} onClose={() => setCounting(false)} />}
      {editing && (
        <ChannelEditDialog
          deviceId={device.id}
          numbers={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) selection.clear();
          }}
        />
      )}
    </Card>
  );
}

const NONE: readonly ChannelItem[] = [];
