/**
 * /orderManagement/orderDetail?id= (beyond the spec's routes: an order on a
 * screen of its own, so that it opens in a window of its own, several at
 * once): the order's facts of spec §3 — numbers, title, amounts, platform and
 * type, the three states, device and point, times — and its items with their
 * per-product states. Live events and other windows' changes refresh it.
 */
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, WindowNewRegular } from '@fluentui/react-icons';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import { formatYuan } from '../../shared/format.js';
import type { OrderDetail, OrderLine } from '../../shared/order/index.js';
import { formatDateTime } from '../app/format.js';
import { useDetail } from '../app/detail.js';
import { useOpenWindow } from '../app/windows.js';
import { useOp } from '../bridge.js';
import { HistoryPanel } from '../oplog/index.js';
import { CopyLinkButton, DataTable, DetailPage, InfoList, OverflowText, type Column } from '../kit/index.js';
import { orderRefunds } from './ports.js';
import { orderDetailPath, ORDER_LIST_PATH } from './paths.js';

/** Paid, with something left to refund: the upstream decides the rest (period, pending refunds). */
const refundable = (o: OrderDetail) =>
  (o.paymentState === 'success' || o.paymentState === 'completed') && o.receivedAmount > o.refundAmount;

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  states: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // A quiet line: the refund deadline, a whole-order refund said apart.
  note: { color: tokens.colorNeutralForeground3 },
});

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const wholeNote = (o: OrderDetail) => {
    // A whole-order refund names no product: what the order's refunds hold beyond the products' is said apart, not spread.
    const whole = o.refundAmount - o.items.reduce((sum, l) => sum + l.refundAmount, 0);
    return whole > 0 ? t('order.list.wholeRefunded', { amount: formatYuan(whole) }) : undefined;
  };
  const openWindow = useOpenWindow();
  const [refunding, setRefunding] = useState(false);
  // The refund domain's parts (built on orders): their code starts loading with the page's first render, while
  // the order itself is read.
  const refunds = orderRefunds.use();
  void refunds.preload();
  const {
    gate,
    data: o,
    back,
  } = useDetail('order.info', {
    backTo: ORDER_LIST_PATH,
    backLabel: t('order.list.back'),
    testId: 'order-detail',
    notFoundCode: CODE.orderNotFound,
    invalidId: t('order.list.notFound'),
  });
  // Until when it may be refunded: said beside the button, which a passed period disables (rather than refusing after the typing).
  const deadline = useOp('refund.deadline', { params: { id: o?.id ?? 0 } }, { enabled: o !== undefined });
  if (gate) return gate;
  return (
    <DetailPage
      id="order-detail"
      wide
      title={`${t('order.list.detailTitle')} ${o.number}`}
      back={back}
      actions={
        <>
          <Button
            icon={<WindowNewRegular />}
            onClick={() => openWindow(orderDetailPath(o.id))}
            data-testid="order-detail-window"
          >
            {t('order.list.newWindow')}
          </Button>
          <CopyLinkButton path={orderDetailPath(o.id)} testId="order-detail-link" />
          {deadline.data && refundable(o) && (
            <Text size={200} className={styles.note} data-testid="order-refund-deadline">
              {t(deadline.data.passed ? 'refund.periodEnded' : 'refund.until', {
                date: formatDateTime(deadline.data.until),
              })}
            </Text>
          )}
          <Button
            appearance="primary"
            icon={<ArrowUndoRegular />}
            disabled={!refundable(o) || deadline.data?.passed === true}
            onClick={() => setRefunding(true)}
            data-testid="order-refund-open"
          >
            {t('refund.refund')}
          </Button>
        </>
      }
    >
      <OrderFacts order={o} />
      {o.subOrders.length > 0
        ? o.subOrders.map((sub) => (
            <OrderLines
              key={sub.number}
              title={t('order.list.subOrderTitle', { number: sub.number, device: sub.deviceName })}
              lines={sub.items}
              state={t(`order.delivery.${sub.deliveryState}`)}
              testId="order-sub"
            />
          ))
        : o.items.length > 0 && (
            <OrderLines
              title={t('order.list.items')}
              lines={o.items}
              testId="order-lines"
              note={wholeNote(o)}
              waiting={o.deliveryEnd === 'notEnded'}
              auto={o.autoRefunded}
            />
          )}
      <Suspense fallback={null}>
        <refunds.Records orderId={o.id} />
      </Suspense>
      <HistoryPanel filter={{ entity: 'order', targetId: o.id }} testId="order-history" />
      {refunding && (
        <Suspense fallback={null}>
          <refunds.Dialog order={o} onClose={() => setRefunding(false)} />
        </Suspense>
      )}
    </DetailPage>
  );
}

function OrderFacts({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <div className={styles.states}>
        <Badge
          appearance="filled"
          color={o.paymentState === 'success' || o.paymentState === 'completed' ? 'success' : 'warning'}
          data-testid="order-detail-payment"
        >
          {t(`order.payment.${o.paymentState}`)}
        </Badge>
        {o.kind !== 'payment' && (
          <Badge appearance="tint" color="informative">
            {t(`order.delivery.${o.deliveryState}`)}
          </Badge>
        )}
        <Badge
          appearance="tint"
          color={o.refundState === 'failed' ? 'danger' : o.refundState === 'none' ? 'subtle' : 'informative'}
          data-testid="order-detail-refund"
        >
          {t(`order.refund.${o.refundState}`)}
        </Badge>
      </div>
      <InfoList
        items={[
          { label: t('order.list.number'), value: o.number, testId: 'order-detail-number' },
          { label: t('order.list.thirdPartyNumber'), value: o.thirdPartyNumber ?? '—' },
          { label: t('order.list.kind'), value: t(`order.kind.${o.kind}`) },
          ...(o.kind === 'scene'
            ? [
                { label: t('order.list.linkageNumber'), value: o.linkageNumber ?? '—' },
                { label: t('order.list.scene'), value: o.sceneName ?? '—' },
                {
                  label: t('order.list.sceneState'),
                  value: o.sceneState ? t(`order.scene.${o.sceneState}`) : '—',
                  testId: 'order-detail-scene-state',
                },
              ]
            : []),
          { label: t('order.list.orderTitle'), value: o.title },
          { label: t('order.list.amount'), value: formatYuan(o.amount) },
          { label: t('order.list.originalAmount'), value: formatYuan(o.originalAmount) },
          // What the discount came from (the activity domain's engine priced the lines).
          {
            label: t('order.list.activities'),
            value: o.activities.length ? o.activities.map((a) => a.name).join(t('common.listSeparator')) : '—',
            testId: 'order-detail-activities',
          },
          // Part paid with the member's points (the pricing engine's last lane).
          ...(o.pointsUsed > 0
            ? [
                {
                  label: t('order.list.pointsPaid'),
                  value: t('order.list.pointsPaidValue', {
                    amount: formatYuan(o.items.reduce((s, l) => s + l.pointsDiscount, 0)),
                    points: o.pointsUsed,
                  }),
                  testId: 'order-detail-points',
                },
              ]
            : []),
          {
            label: t('order.list.receivedAmount'),
            value: formatYuan(o.receivedAmount),
            testId: 'order-detail-received',
          },
          { label: t('order.list.refundAmount'), value: formatYuan(o.refundAmount), testId: 'order-detail-refunded' },
          // A refund of a failed vend has no reason typed: the items say why.
          {
            label: t('order.list.refundReason'),
            value: o.refundReason ?? (o.autoRefunded ? t('order.outcome.autoRefund') : '—'),
          },
          { label: t('order.list.platform'), value: t(`order.platform.${o.platform}`) },
          { label: t('order.list.payType'), value: t(`order.payType.${o.paymentType}`) },
          { label: t('order.list.deliveryEnd'), value: t(`order.deliveryEnd.${o.deliveryEnd}`) },
          // The serial people read on the machine, not the row's id.
          ...(o.kind === 'scene'
            ? []
            : [
                {
                  label: t('order.list.device'),
                  value: o.deviceSerial
                    ? t('order.list.deviceWithSerial', { name: o.deviceName, serial: o.deviceSerial })
                    : o.deviceName,
                },
              ]),
          { label: t('order.list.point'), value: o.pointName ?? '—' },
          { label: t('common.tenant'), value: o.tenantName },
          { label: t('order.list.customerStaff'), value: t(o.customerStaff ? 'order.list.yes' : 'order.list.no') },
          ...(o.customerStaffName !== null
            ? [
                {
                  label: t('order.list.customerStaffName'),
                  value: o.customerStaffName,
                  testId: 'order-detail-customer-staff-name',
                },
                { label: t('order.list.customerStaffPhone'), value: o.customerStaffPhone ?? '—' },
                { label: t('order.list.customerStaffCard'), value: o.customerStaffCard ?? '—' },
                { label: t('order.list.customer'), value: o.customerName ?? '—' },
              ]
            : []),
          {
            label: t('order.list.member'),
            value: o.member
              ? o.member.phone
                ? t('order.list.memberWithPhone', { name: o.member.nickname, phone: o.member.phone })
                : o.member.nickname
              : '—',
            testId: 'order-detail-member',
          },
          { label: t('order.list.createdAt'), value: formatDateTime(o.createdAt) },
          { label: t('order.list.paidAt'), value: o.paidAt ? formatDateTime(o.paidAt) : '—' },
        ]}
      />
    </Card>
  );
}

/** Items of the order, or of one sub-order of a linked order (with its delivery state). */
/** `note`: a line under the table (what was refunded for the whole order, apart from the products). */
/** `waiting`: the machine has not said yet what it dispensed; `auto`: failed items were refunded automatically. */
function OrderLines({
  title,
  lines,
  state,
  note,
  testId,
  waiting = false,
  auto = false,
}: {
  title: string;
  lines: readonly OrderLine[];
  state?: string;
  note?: string | undefined;
  testId: string;
  waiting?: boolean;
  auto?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const withPoints = lines.some((l) => l.pointsDiscount > 0);
  const withMarkdown = lines.some((l) => l.markdown > 0);
  const columns = useMemo<Column<OrderLine>[]>(
    () => [
      { id: 'channel', header: t('order.list.channel'), kind: 'number', value: (l) => l.channel },
      {
        id: 'name',
        header: t('order.list.itemName'),
        render: (l) => <OverflowText text={l.name} />,
        minWidth: 140,
        grow: 2,
      },
      { id: 'unitPrice', header: t('order.list.unitPrice'), kind: 'money', value: (l) => l.unitPrice },
      { id: 'count', header: t('order.list.count'), kind: 'number', value: (l) => l.count },
      { id: 'subtotal', header: t('order.list.subtotal'), kind: 'money', value: (l) => l.amount },
      // What the staff price and the activities took off the line (shared/activity's engine priced it).
      {
        id: 'discount',
        header: t('order.list.lineDiscount'),
        kind: 'money',
        cellTestId: 'order-line-discount',
        value: (l) => l.listPrice * l.count - l.amount,
      },
      // The markdown near expiry that priced a line of fresh food: a column only where one did.
      ...(withMarkdown
        ? [
            {
              id: 'markdown',
              header: t('order.list.lineMarkdown'),
              cellTestId: 'order-line-markdown',
              minWidth: 80,
              width: 96,
              value: (l: OrderLine) => (l.markdown > 0 ? t('order.list.markdownOff', { n: l.markdown }) : '—'),
            },
          ]
        : []),
      // Of that discount, what the member's points paid: a column only where they paid.
      ...(withPoints
        ? [
            {
              id: 'points',
              header: t('order.list.linePoints'),
              kind: 'money' as const,
              cellTestId: 'order-line-points',
              value: (l: OrderLine) => l.pointsDiscount,
            },
          ]
        : []),
      {
        id: 'refunded',
        header: t('order.list.itemRefunded'),
        kind: 'money',
        value: (l) => l.refundAmount,
        cellTestId: 'order-line-refunded',
      },
      {
        id: 'state',
        header: t('order.list.itemState'),
        minWidth: 96,
        width: 150,
        cellTestId: 'order-line-state',
        render: (l) => (
          <span className={styles.states}>
            {t(`order.item.${l.state}`)}
            {auto && l.outcome === 'failed' && l.refundAmount > 0 && (
              <Badge appearance="tint" color="brand" size="small" data-testid="order-line-auto">
                {t('order.outcome.autoRefund')}
              </Badge>
            )}
          </span>
        ),
      },
      // What the machine said of the item, why it failed, and when.
      {
        id: 'outcome',
        header: t('order.list.outcome'),
        minWidth: 120,
        width: 170,
        cellTestId: 'order-line-outcome',
        render: (l) => (
          <OverflowText
            text={
              l.outcome === null
                ? waiting
                  ? t('order.outcome.waiting')
                  : '—'
                : l.outcome === 'failed'
                  ? t('order.outcome.failedAt', {
                      failure: t(`order.failure.${l.failure ?? 'timeout'}`),
                      time: l.outcomeAt ? formatDateTime(l.outcomeAt).slice(11) : '',
                    })
                  : t('order.item.deliverySuccess')
            }
          />
        ),
      },
    ],
    [t, styles, waiting, auto, withPoints, withMarkdown],
  );
  return (
    <Card className={styles.card}>
      <div className={styles.states}>
        <Text as="h2" weight="semibold" size={400}>
          {title}
        </Text>
        {state && (
          <Badge appearance="tint" color="informative">
            {state}
          </Badge>
        )}
      </div>
      <DataTable
        label={title}
        columns={columns}
        rows={lines}
        rowKey={(l) => l.id}
        view="rows"
        rowTestId="order-line"
        testId={testId}
      />
      {note && (
        <Text size={200} className={styles.note} data-testid="order-whole-refunded">
          {note}
        </Text>
      )}
    </Card>
  );
}
