/**
 * /deviceList/prices (beyond spec §2): the price changes, newest first, by
 * device and unfinished ones (each with its products, when it applies and
 * how many devices applied it), and the price history — per channel, who
 * changed which price and when the machine applied it, by device and
 * product. "New price change" opens the wizard; so does the device list's
 * or the product list's selection, arriving with `?devices=` or
 * `?products=`. A change opens its progress.
 */
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatTime, formatYuan } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import {
  PRICE_CHANGE_STATES,
  priceChangeState,
  type PriceChangeItem,
  type PriceChangeState,
  type PriceHistoryItem,
} from '../../shared/price/index.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  DetailTabs,
  IdChoiceFilter,
  ListPage,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  useResource,
  useScreen,
  useTabParam,
  type Column,
} from '../kit/index.js';
import { changePath } from './paths.js';
import { PriceDialog } from './PriceDialog.js';

const CHANGE_STATE_COLOURS: Readonly<
  Record<PriceChangeState, 'informative' | 'success' | 'warning' | 'danger' | 'subtle'>
> = {
  sending: 'informative',
  done: 'success',
  partly: 'warning',
  failed: 'danger',
  cancelled: 'subtle',
};

const TABS = ['changes', 'history'] as const;
const idsOf = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export default function PricesPage() {
  const { t, navigate } = useScreen();
  const [tab, choose] = useTabParam(TABS);
  const [params, setParams] = useSearchParams();
  const asked = { deviceIds: idsOf(params.get('devices')), productIds: idsOf(params.get('products')) };
  const [creating, setCreating] = useState(asked.deviceIds.length > 0 || asked.productIds.length > 0);
  const close = () => {
    setCreating(false);
    // The selection that opened the wizard is spent: a reload does not open it again.
    if (params.has('devices') || params.has('products'))
      setParams(
        (p) => {
          p.delete('devices');
          p.delete('products');
          return p;
        },
        { replace: true },
      );
  };
  return (
    <ListPage
      id="price-title"
      title={t('price.title')}
      actions={
        <CreateButton onClick={() => setCreating(true)} testId="price-create">
          {t('price.create')}
        </CreateButton>
      }
    >
      <DetailTabs tabs={TABS} selected={tab} onSelect={choose} label={(x) => t(`price.tabs.${x}`)} testId="price-tab">
        {tab === 'changes' ? <Changes /> : <History />}
      </DetailTabs>
      {creating && (
        <PriceDialog {...asked} onClose={close} onCreated={(change) => void navigate(changePath(change.id))} />
      )}
    </ListPage>
  );
}

/** The devices a filter may name: the user's tenant's (the admin filters by tenant alone). */
function useDeviceChoice() {
  const { user } = useScreen();
  const own = user.roleKind !== 'admin';
  const targets = useOp('device.pushTargets', { body: {} }, { enabled: own, staleTime: 60_000 });
  const devices = targets.data?.devices ?? [];
  return { devices, items: devices.map((d) => ({ id: d.id, name: deviceLabel(d) })) };
}

interface ChangeFilter {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  state?: PriceChangeState | undefined;
}
const NO_CHANGE_FILTER: ChangeFilter = {};

function Changes() {
  const { t, navigate } = useScreen();
  const choice = useDeviceChoice();
  const changes = useResource('price.page', { ns: 'price', testId: 'price', empty: NO_CHANGE_FILTER });
  const { column, source, action, badge, labels, tenantColumn } = changes;
  const columns = useMemo<Column<PriceChangeItem>[]>(
    () => [
      column('id', { kind: 'number', minWidth: 60, hideable: false, value: (c) => `#${c.id}` }),
      ...tenantColumn(),
      column('products', { minWidth: 140, width: 240, grow: 1, render: (c) => <OverflowText text={c.products} /> }),
      column('timing', {
        minWidth: 90,
        width: 150,
        render: (c) => (
          <OverflowText text={c.timing === 'at' && c.applyAt ? formatAt(c.applyAt) : t(`price.timings.${c.timing}`)} />
        ),
      }),
      column('state', {
        minWidth: 80,
        hideable: false,
        testId: true,
        render: badge('changeStates', CHANGE_STATE_COLOURS, (c) => priceChangeState(c.counts)),
      }),
      column('progress', {
        minWidth: 90,
        value: (c) =>
          t('price.progressOf', {
            applied: c.counts.applied,
            total: Object.values(c.counts).reduce((a, b) => a + b, 0),
          }),
      }),
      column('failed', {
        header: t('price.states.failed'),
        kind: 'number',
        minWidth: 60,
        fold: 2,
        value: (c) => c.counts.failed,
      }),
      column('createdBy', { minWidth: 80, fold: 1, value: (c) => c.createdBy ?? '—' }),
      column('createdAt', { kind: 'time', fold: 3, value: (c) => c.createdAt }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        shrinkLast: true,
        render: (c) => (
          <RowActions compact>
            <RowAction icon={<OpenRegular />} {...action('open')} action={() => void navigate(changePath(c.id))} />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, column, action, badge, tenantColumn],
  );
  return (
    <ResourceList
      resource={changes}
      untitled
      title={t('price.tabs.changes')}
      columns={columns}
      rowKey={(c) => c.id}
      emptyHint={t('price.empty')}
      table={{ onRowOpen: (c) => void navigate(changePath(c.id)) }}
      filters={
        <>
          <TenantFilter {...source('tenantId')} />
          <IdChoiceFilter {...source('deviceId', t('price.device'))} items={choice.items} />
          <ChoiceFilter {...source('state')} options={PRICE_CHANGE_STATES} optionLabel={labels('changeStates')} />
        </>
      }
    />
  );
}

interface HistoryFilter {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  productId?: number | undefined;
}
const NO_HISTORY_FILTER: HistoryFilter = {};

function History() {
  const { t } = useScreen();
  const choice = useDeviceChoice();
  const history = useResource('price.history', { ns: 'price', testId: 'price-history', empty: NO_HISTORY_FILTER });
  const { column, source } = history;
  // The products the tenant's machines hold (the first thousand machines: the wizard's own limit).
  const held = useOp(
    'price.products',
    { body: { target: 'devices', deviceIds: choice.devices.slice(0, 1000).map((d) => d.id) } },
    { enabled: choice.devices.length > 0, staleTime: 60_000 },
  );
  const columns = useMemo<Column<PriceHistoryItem>[]>(
    () => [
      column('device', {
        minWidth: 140,
        width: 200,
        grow: 1,
        hideable: false,
        render: (h) => <OverflowText text={deviceLabel({ name: h.deviceName, serial: h.serial })} />,
      }),
      column('channel', { kind: 'number', minWidth: 60, value: (h) => h.channel }),
      column('product', { minWidth: 100, width: 160, render: (h) => <OverflowText text={h.productName} /> }),
      column('price', {
        header: t('price.newPrice'),
        minWidth: 110,
        testId: true,
        value: (h) => `${h.oldPrice === null ? '—' : formatYuan(h.oldPrice)} → ${formatYuan(h.price)}`,
      }),
      column('staff', {
        header: t('price.newStaffPrice'),
        minWidth: 110,
        fold: 2,
        value: (h) =>
          `${h.oldStaffPrice === null ? '—' : formatYuan(h.oldStaffPrice)} → ${formatYuan(h.customerStaffPrice)}`,
      }),
      column('createdBy', { minWidth: 80, fold: 1, value: (h) => h.createdBy ?? '—' }),
      column('appliedAt', { kind: 'time', value: (h) => h.appliedAt }),
    ],
    [t, column],
  );
  return (
    <ResourceList
      resource={history}
      untitled
      title={t('price.tabs.history')}
      columns={columns}
      rowKey={(h) => `${h.changeId}-${h.deviceId}-${h.channel}`}
      emptyHint={t('price.historyEmpty')}
      filters={
        <>
          <TenantFilter {...source('tenantId')} />
          <IdChoiceFilter {...source('deviceId', t('price.device'))} items={choice.items} />
          <IdChoiceFilter {...source('productId', t('price.product'))} items={held.data} />
        </>
      }
    />
  );
}

/** A set time as the business clock's `yyyy-mm-dd hh:mm`. */
const formatAt = (iso: string) => formatTime(iso).slice(0, 16);
