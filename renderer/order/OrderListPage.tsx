/**
 * The order lists (spec §2 /orderManagement): orderList (machines' sales),
 * payTheBox (payment boxes' payment-only orders, reached from the order
 * list), staffOrderList (sales at the staff price). One screen, three
 * presets. Rows come a page at a time and the filter's count once per
 * filter (paging never recounts a year of orders); the count stops at
 * 10 000 and says "more than". A row's details open on their own screen,
 * or in a window of their own (double-click, or the row's button).
 */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  DismissRegular,
  HistoryRegular,
  OpenRegular,
  WindowNewRegular,
} from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderFilter, OrderItem } from '../../shared/order/index.js';
import { idOfQuery } from '../app/paths.js';
import { useUser } from '../app/session.js';
import { useOpenWindow } from '../app/windows.js';
import {
  OverflowText,
  ResourceList,
  seesTenants,
  tenantColumn,
  type Column,
  RowAction,
  RowActions,
  useResource,
} from '../kit/index.js';
import { OrderFilters } from './OrderFilters.js';
import { ExportDialog } from './ExportDialog.js';
import { ExportRecordsDialog } from './ExportRecordsDialog.js';
import { orderDetailPath, PAYMENT_BOX_PATH } from './paths.js';

const useStyles = makeStyles({
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chip: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
  campaign: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

export type OrderListPreset = 'sale' | 'payment' | 'customerStaff' | 'scene';

const PRESETS: Readonly<
  Record<
    OrderListPreset,
    { title: `order.list.${'title' | 'paymentBoxTitle' | 'customerStaffTitle' | 'linkedTitle'}`; filter: OrderFilter }
  >
> = {
  sale: { title: 'order.list.title', filter: { kind: 'sale' } },
  payment: { title: 'order.list.paymentBoxTitle', filter: { kind: 'payment' } },
  customerStaff: { title: 'order.list.customerStaffTitle', filter: { kind: 'sale', customerStaff: true } },
  scene: { title: 'order.list.linkedTitle', filter: { kind: 'scene' } },
};

/** A device, point or product the list was opened for (`?deviceId=` from the device list…): shown, and removable. */
function useLinkedFilter() {
  const [params, setParams] = useSearchParams();
  const linked: OrderFilter = {};
  const deviceId = idOfQuery(params.get('deviceId'));
  const pointId = idOfQuery(params.get('pointId'));
  const productId = idOfQuery(params.get('productId'));
  const activityId = idOfQuery(params.get('activityId'));
  if (activityId !== undefined) linked.activityId = activityId;
  if (deviceId !== undefined) linked.deviceId = deviceId;
  if (pointId !== undefined) linked.pointId = pointId;
  if (productId !== undefined) linked.productId = productId;
  const clear = () =>
    setParams((p) => {
      p.delete('deviceId');
      p.delete('pointId');
      p.delete('productId');
      p.delete('activityId');
      return p;
    });
  return { linked, clear };
}

export function OrderListScreen({ preset }: { preset: OrderListPreset }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const openWindow = useOpenWindow();
  const byTenant = seesTenants(useUser());
  const { linked, clear } = useLinkedFilter();
  const [dialog, setDialog] = useState<'export' | 'records' | null>(null);
  const body = (filter: OrderFilter): OrderFilter => ({ ...filter, ...linked, ...PRESETS[preset].filter });
  // A year of orders is not counted again with each page: the count is asked once per filter.
  const orders = useResource('order.page', {
    ns: 'order.list',
    testId: 'order',
    empty: NO_FILTER,
    body,
    count: 'order.count',
  });
  const open = (o: OrderItem) => void navigate(orderDetailPath(o.id));

  // Short of width the list folds (kit DataTable): the member, platform, activities and delivery first, then the tenant
  // and a linked order's scene, the device; the discount and what was received only after all of them. The number, title, amount, refunded, both
  // states and the time never fold: what an order is and where it stands.
  const columns = useMemo<Column<OrderItem>[]>(
    () => [
      {
        id: 'number',
        header: t('order.list.number'),
        minWidth: 180,
        width: 190,
        value: (o) => o.number,
        cellTestId: 'order-number',
        hideable: false,
      },
      {
        id: 'title',
        header: t('order.list.orderTitle'),
        render: (o) => <OverflowText text={o.title} />,
        minWidth: 140,
        width: 220,
        grow: 2,
      },
      ...(preset === 'customerStaff'
        ? [
            {
              id: 'customerStaffName',
              header: t('order.list.customerStaffName'),
              minWidth: 80,
              width: 100,
              value: (o: OrderItem) => o.customerStaffName,
              cellTestId: 'order-customer-staff-name',
            },
            {
              id: 'customerStaffPhone',
              fold: 1,
              header: t('order.list.customerStaffPhone'),
              minWidth: 110,
              width: 120,
              value: (o: OrderItem) => o.customerStaffPhone,
            },
            {
              id: 'customerStaffCard',
              fold: 1,
              header: t('order.list.customerStaffCard'),
              minWidth: 90,
              width: 100,
              value: (o: OrderItem) => o.customerStaffCard,
            },
            {
              id: 'customer',
              header: t('order.list.customer'),
              render: (o: OrderItem) => <OverflowText text={o.customerName ?? ''} />,
              minWidth: 120,
              width: 180,
            },
          ]
        : []),
      {
        id: 'amount',
        header: t('order.list.amount'),
        kind: 'money',
        value: (o) => o.amount,
        cellTestId: 'order-amount',
      },
      {
        id: 'discount',
        fold: 1,
        header: t('order.list.discount'),
        kind: 'money',
        value: (o) => o.discount,
        cellTestId: 'order-discount',
      },
      {
        id: 'received',
        fold: 2,
        header: t('order.list.receivedAmount'),
        kind: 'money',
        value: (o) => o.receivedAmount,
      },
      {
        id: 'refunded',
        header: t('order.list.refundAmount'),
        kind: 'money',
        value: (o) => o.refundAmount,
        cellTestId: 'order-refunded',
      },
      {
        id: 'payment',
        header: t('order.list.paymentState'),
        minWidth: 96,
        width: 110,
        cellTestId: 'order-payment',
        render: (o) => (
          <Badge
            appearance="tint"
            color={o.paymentState === 'success' || o.paymentState === 'completed' ? 'success' : 'warning'}
          >
            {t(`order.payment.${o.paymentState}`)}
          </Badge>
        ),
      },
      {
        id: 'refund',
        header: t('order.list.refundState'),
        minWidth: 96,
        width: 140,
        cellTestId: 'order-refund',
        render: (o) =>
          o.refundState === 'none' ? (
            <Text>{t('order.refund.none')}</Text>
          ) : (
            <Badge
              appearance="tint"
              color={o.refundState === 'failed' ? 'danger' : 'informative'}
              title={o.autoRefunded ? t('order.list.autoRefunded') : undefined}
            >
              {t(`order.refund.${o.refundState}`)}
              {o.autoRefunded ? ` · ${t('order.outcome.autoRefund')}` : ''}
            </Badge>
          ),
      },
      ...(preset === 'scene'
        ? [
            {
              id: 'scene',
              fold: 3,
              header: t('order.list.scene'),
              render: (o: OrderItem) => <OverflowText text={o.sceneName ?? ''} />,
              minWidth: 110,
              width: 160,
            },
            {
              id: 'sceneState',
              header: t('order.list.sceneState'),
              minWidth: 96,
              width: 110,
              cellTestId: 'order-scene-state',
              render: (o: OrderItem) =>
                o.sceneState && (
                  <Badge
                    appearance="tint"
                    color={
                      o.sceneState === 'interrupted' ? 'danger' : o.sceneState === 'ended' ? 'success' : 'informative'
                    }
                  >
                    {t(`order.scene.${o.sceneState}`)}
                  </Badge>
                ),
            },
          ]
        : []),
      ...(preset === 'payment'
        ? []
        : [
            {
              id: 'delivery',
              fold: 2,
              header: t('order.list.deliveryState'),
              minWidth: 96,
              width: 110,
              value: (o: OrderItem) => t(`order.delivery.${o.deliveryState}`),
            },
          ]),
      {
        id: 'platform',
        fold: 1,
        header: t('order.list.platform'),
        minWidth: 96,
        width: 136,
        value: (o) => `${t(`order.platform.${o.platform}`)} · ${t(`order.payType.${o.paymentType}`)}`,
      },
      {
        id: 'activities',
        fold: 2,
        header: t('order.list.activities'),
        minWidth: 110,
        width: 160,
        cellTestId: 'order-activities',
        render: (o) => (
          <span className={styles.campaign}>
            {o.couponUsed && (
              <Badge appearance="tint" color="brand" size="small">
                {t('order.list.couponBadge')}
              </Badge>
            )}
            <OverflowText text={o.activityNames.join(t('order.list.nameSeparator'))} />
          </span>
        ),
      },
      {
        id: 'member',
        fold: 1,
        header: t('order.list.member'),
        minWidth: 110,
        width: 150,
        cellTestId: 'order-member',
        render: (o) => (
          <OverflowText
            text={
              o.memberNickname === null
                ? ''
                : o.memberPhone === null
                  ? o.memberNickname
                  : t('order.list.memberWithPhone', { name: o.memberNickname, phone: o.memberPhone })
            }
          />
        ),
      },
      ...(preset === 'scene'
        ? []
        : [
            {
              id: 'device',
              fold: 4,
              header: t('order.list.device'),
              cellTestId: 'order-device',
              render: (o: OrderItem) => (
                <OverflowText
                  text={o.pointName ? t('common.withNote', { text: o.deviceName, note: o.pointName }) : o.deviceName}
                />
              ),
              minWidth: 120,
              width: 200,
              grow: 1,
            },
          ]),
      ...tenantColumn<OrderItem>(byTenant, t('common.tenant'), { fold: 3 }),
      {
        id: 'createdAt',
        header: t('order.list.createdAt'),
        kind: 'time',
        value: (o) => o.createdAt,
        cellTestId: 'order-created',
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 130,
        shrinkLast: true,
        render: (o) => (
          <RowActions compact>
            <RowAction icon={<OpenRegular />} action={() => open(o)} testId="order-open">
              {t('order.list.detail')}
            </RowAction>
            <Button
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<WindowNewRegular />}
              aria-label={t('order.list.newWindow')}
              title={t('order.list.newWindow')}
              onClick={() => openWindow(orderDetailPath(o.id))}
              data-testid="order-window"
            />
          </RowActions>
        ),
      },
    ],
    [t, styles, byTenant, preset, openWindow],
  );

  const linkedText = [
    linked.deviceId !== undefined ? t('order.list.byDevice', { id: linked.deviceId }) : '',
    linked.pointId !== undefined ? t('order.list.byPoint', { id: linked.pointId }) : '',
    linked.productId !== undefined ? t('order.list.byProduct', { id: linked.productId }) : '',
    linked.activityId !== undefined ? t('order.list.byActivity', { id: linked.activityId }) : '',
  ]
    .filter(Boolean)
    .join(t('order.list.nameSeparator'));

  return (
    <ResourceList
      resource={orders}
      title={t(PRESETS[preset].title)}
      columns={columns}
      rowKey={(o) => o.id}
      actions={
        <div className={styles.tools}>
          {preset === 'sale' && (
            <Button onClick={() => void navigate(PAYMENT_BOX_PATH)} data-testid="order-payment-box">
              {t('order.list.paymentBoxLink')}
            </Button>
          )}
          <Button
            icon={<HistoryRegular />}
            onClick={() => setDialog('records')}
            data-testid="order-export-records-open"
          >
            {t('order.exports.records')}
          </Button>
          <Button
            appearance="primary"
            icon={<ArrowDownloadRegular />}
            onClick={() => setDialog('export')}
            data-testid="order-export-open"
          >
            {t('order.exports.open')}
          </Button>
        </div>
      }
      besideFilters={
        <OrderFilters linked={preset === 'scene'} payment={preset === 'payment'} onSearch={orders.search} />
      }
      aboveTable={
        <>
          {linkedText && (
            <div className={styles.chip}>
              <Text>{t('order.list.filteredBy', { what: linkedText })}</Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<DismissRegular />}
                onClick={clear}
                data-testid="order-linked-clear"
              >
                {t('order.list.clearFilter')}
              </Button>
            </div>
          )}
          <Text size={200} className={styles.hint}>
            {t('order.list.openHint')}
          </Text>
        </>
      }
      table={{
        onRowOpen: (o) => openWindow(orderDetailPath(o.id)),
        rowData: (o) => ({ 'data-order-id': o.id }),
      }}
    >
      {dialog === 'export' && (
        <ExportDialog
          filter={body(orders.filter)}
          onClose={() => setDialog(null)}
          onQueued={() => setDialog('records')}
        />
      )}
      {dialog === 'records' && <ExportRecordsDialog onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}

const NO_FILTER: OrderFilter = {};

export default function OrderListPage() {
  return <OrderListScreen preset="sale" />;
}

export function PaymentBoxOrdersPage() {
  return <OrderListScreen preset="payment" />;
}

export function StaffOrderListPage() {
  return <OrderListScreen preset="customerStaff" />;
}

export function LinkedOrdersPage() {
  return <OrderListScreen preset="scene" />;
}
