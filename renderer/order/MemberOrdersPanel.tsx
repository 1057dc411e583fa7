/**
 * A member's orders (the order list's own operations, by member: a page and
 * its count once per filter, as the order list asks them), newest first; a
 * row opens the order.
 */
import { Badge, Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { OrderItem } from '../../shared/order/index.js';
import { orderDetailPath } from './paths.js';
import { OverflowText, ResourceList, useResource, useScreen, type Column } from '../kit/index.js';

const EMPTY = {};

export function OrdersPanel({ memberId }: { memberId: number }) {
  const { t, navigate } = useScreen();
  const orders = useResource('order.page', {
    ns: 'order.list',
    testId: 'member-orders',
    empty: EMPTY,
    body: () => ({ memberId }),
    count: 'order.count',
  });
  const { column } = orders;
  const columns = useMemo<Column<OrderItem>[]>(
    () => [
      column('number', { minWidth: 170, width: 190, value: (o) => o.number }),
      column('title', {
        header: t('order.list.orderTitle'),
        minWidth: 120,
        width: 200,
        grow: 1,
        render: (o) => <OverflowText text={o.title} />,
      }),
      column('amount', { header: t('order.list.receivedAmount'), kind: 'money', value: (o) => o.receivedAmount }),
      column('refund', {
        header: t('order.list.refundState'),
        minWidth: 90,
        width: 110,
        render: (o) =>
          o.refundState === 'none' ? (
            <Text>{t('order.refund.none')}</Text>
          ) : (
            <Badge appearance="tint" color={o.refundState === 'failed' ? 'danger' : 'informative'}>
              {t(`order.refund.${o.refundState}`)}
            </Badge>
          ),
      }),
      column('createdAt', { kind: 'time', value: (o) => o.createdAt }),
    ],
    [t, column],
  );
  return (
    <ResourceList
      resource={orders}
      untitled
      title={t('member.ordersTab')}
      columns={columns}
      rowKey={(o) => o.id}
      table={{ rowTestId: 'member-order', onRowOpen: (o) => void navigate(orderDetailPath(o.id)), size: 'small' }}
    />
  );
}
