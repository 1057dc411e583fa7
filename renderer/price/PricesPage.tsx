/**
 * /deviceList/prices (beyond spec §2): the price changes, newest first, by
 * device and unfinished ones (each with its products, when it applies and
 * how many devices applied it), and the price history — per channel, who
 * changed which price and when the machine applied it, by device and
 * product. "New price change" opens the wizard; so does the device list's
 * or the product list's selection, arriving with `?devices=` or
 * `?products=`. A change opens its progress.
 */
import { Badge, Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatTime, formatYuan } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import {
  priceChangeState,
  type PriceChangeItem,
  type PriceChangeState,
  type PriceHistoryItem,
} from '../../shared/price/index.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  DataTable,
  DetailTabs,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  useListPage,
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
  return {
    devices,
    options: devices.map((d) => String(d.id)),
    label: (id: string) => {
      const d = devices.find((x) => String(x.id) === id);
      return d ? deviceLabel(d) : id;
    },
  };
}

interface ChangeFilter {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  open?: boolean | undefined;
}
const NO_CHANGE_FILTER: ChangeFilter = {};

function Changes() {
  const { t, user, navigate } = useScreen();
  const choice = useDeviceChoice();
  const { field, unfiltered, apply, reset, table, pager } = useListPage('price.page', { empty: NO_CHANGE_FILTER });
  const device = field('deviceId');
  const open = field('open');
  const columns = useMemo<Column<PriceChangeItem>[]>(
    () => [
      { id: 'id', header: t('price.id'), kind: 'number', minWidth: 60, hideable: false, value: (c) => `#${c.id}` },
      ...tenantColumn<PriceChangeItem>(seesTenants(user), t('common.tenant')),
      {
        id: 'products',
        header: t('price.products'),
        minWidth: 140,
        width: 240,
        grow: 1,
        render: (c) => <OverflowText text={c.products} />,
      },
      {
        id: 'timing',
        header: t('price.timing'),
        minWidth: 90,
        width: 150,
        render: (c) => (
          <OverflowText text={c.timing === 'at' && c.applyAt ? formatAt(c.applyAt) : t(`price.timings.${c.timing}`)} />
        ),
      },
      {
        id: 'state',
        header: t('price.state'),
        minWidth: 80,
        hideable: false,
        cellTestId: 'price-row-state',
        render: (c) => {
          const state = priceChangeState(c.counts);
          return (
            <Badge appearance="tint" color={CHANGE_STATE_COLOURS[state]}>
              {t(`price.changeStates.${state}`)}
            </Badge>
          );
        },
      },
      {
        id: 'progress',
        header: t('price.progress'),
        minWidth: 90,
        cellTestId: 'price-row-progress',
        value: (c) =>
          t('price.progressOf', {
            applied: c.counts.applied,
            total: Object.values(c.counts).reduce((a, b) => a + b, 0),
          }),
      },
      {
        id: 'failed',
        header: t('price.states.failed'),
        kind: 'number',
        minWidth: 60,
        fold: 2,
        value: (c) => c.counts.failed,
      },
      { id: 'createdBy', header: t('price.createdBy'), minWidth: 80, fold: 1, value: (c) => c.createdBy ?? '—' },
      { id: 'createdAt', header: t('price.createdAt'), kind: 'time', fold: 3, value: (c) => c.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        shrinkLast: true,
        render: (c) => (
          <RowActions compact>
            <RowAction icon={<OpenRegular />} action={() => void navigate(changePath(c.id))} testId="price-open">
              {t('price.open')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, user, navigate],
  );
  return (
    <ListPage
      id="price-changes"
      nested
      title={t('price.tabs.changes')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="price-search" resetTestId="price-reset">
          {seesTenants(user) && (
            <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="price-filter-tenant" />
          )}
          {choice.options.length > 0 && (
            <ChoiceFilter
              label={t('price.device')}
              value={device.value === undefined ? undefined : String(device.value)}
              onChange={(v) => device.onChange(v === undefined ? undefined : Number(v))}
              options={choice.options}
              optionLabel={choice.label}
              testId="price-filter-device"
            />
          )}
          <ChoiceFilter
            label={t('price.state')}
            value={open.value ? 'open' : undefined}
            onChange={(v) => open.onChange(v === 'open' ? true : undefined)}
            options={['open'] as const}
            optionLabel={() => t('price.openOnly')}
            testId="price-filter-open"
          />
        </FilterBar>
      }
    >
      <DataTable
        label={t('price.tabs.changes')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="price-empty-hint">{t('price.empty')}</Text> : undefined}
        rowKey={(c) => c.id}
        rowTestId="price-row"
        testId="price-table"
        onRowOpen={(c) => void navigate(changePath(c.id))}
      />
      <Pager {...pager} testId="price-pager" />
    </ListPage>
  );
}

interface HistoryFilter {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  productId?: number | undefined;
}
const NO_HISTORY_FILTER: HistoryFilter = {};

function History() {
  const { t, user } = useScreen();
  const choice = useDeviceChoice();
  const { field, unfiltered, apply, reset, table, pager } = useListPage('price.history', { empty: NO_HISTORY_FILTER });
  const device = field('deviceId');
  const product = field('productId');
  // The products the tenant's machines hold (the first thousand machines: the wizard's own limit).
  const held = useOp(
    'price.products',
    { body: { target: 'devices', deviceIds: choice.devices.slice(0, 1000).map((d) => d.id) } },
    { enabled: choice.devices.length > 0, staleTime: 60_000 },
  );
  const products = held.data ?? [];
  const columns = useMemo<Column<PriceHistoryItem>[]>(
    () => [
      {
        id: 'device',
        header: t('price.device'),
        minWidth: 140,
        width: 200,
        grow: 1,
        hideable: false,
        render: (h) => <OverflowText text={deviceLabel({ name: h.deviceName, serial: h.serial })} />,
      },
      { id: 'channel', header: t('price.channel'), kind: 'number', minWidth: 60, value: (h) => h.channel },
      {
        id: 'product',
        header: t('price.product'),
        minWidth: 100,
        width: 160,
        render: (h) => <OverflowText text={h.productName} />,
      },
      {
        id: 'price',
        header: t('price.newPrice'),
        minWidth: 110,
        cellTestId: 'price-history-price',
        value: (h) => `${h.oldPrice === null ? '—' : formatYuan(h.oldPrice)} → ${formatYuan(h.price)}`,
      },
      {
        id: 'staff',
        header: t('price.newStaffPrice'),
        minWidth: 110,
        fold: 2,
        value: (h) =>
          `${h.oldStaffPrice === null ? '—' : formatYuan(h.oldStaffPrice)} → ${formatYuan(h.customerStaffPrice)}`,
      },
      { id: 'createdBy', header: t('price.createdBy'), minWidth: 80, fold: 1, value: (h) => h.createdBy ?? '—' },
      { id: 'appliedAt', header: t('price.appliedAt'), kind: 'time', value: (h) => h.appliedAt },
    ],
    [t],
  );
  return (
    <ListPage
      id="price-history"
      nested
      title={t('price.tabs.history')}
      filters={
        <FilterBar
          onSearch={apply}
          onReset={reset}
          searchTestId="price-history-search"
          resetTestId="price-history-reset"
        >
          {seesTenants(user) && (
            <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="price-history-filter-tenant" />
          )}
          {choice.options.length > 0 && (
            <ChoiceFilter
              label={t('price.device')}
              value={device.value === undefined ? undefined : String(device.value)}
              onChange={(v) => device.onChange(v === undefined ? undefined : Number(v))}
              options={choice.options}
              optionLabel={choice.label}
              testId="price-history-filter-device"
            />
          )}
          {products.length > 0 && (
            <ChoiceFilter
              label={t('price.product')}
              value={product.value === undefined ? undefined : String(product.value)}
              onChange={(v) => product.onChange(v === undefined ? undefined : Number(v))}
              options={products.map((p) => String(p.id))}
              optionLabel={(id) => products.find((p) => String(p.id) === id)?.name ?? id}
              testId="price-history-filter-product"
            />
          )}
        </FilterBar>
      }
    >
      <DataTable
        label={t('price.tabs.history')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text>{t('price.historyEmpty')}</Text> : undefined}
        rowKey={(h) => `${h.changeId}-${h.deviceId}-${h.channel}`}
        rowTestId="price-history-row"
        testId="price-history-table"
      />
      <Pager {...pager} testId="price-history-pager" />
    </ListPage>
  );
}

/** A set time as the business clock's `yyyy-mm-dd hh:mm`. */
const formatAt = (iso: string) => formatTime(iso).slice(0, 16);
