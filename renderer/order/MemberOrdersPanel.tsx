/**
 * A member's orders (the order list's own operations, by member: a page and
 * its count, as the order list asks them), newest first; a row opens the order.
 */
import { Badge, Text } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { OrderItem } from '../../shared/order/index.js';
import { orderDetailPath } from './paths.js';
import { useOp } from '../bridge.js';
import { DataTable, listView, OverflowText, Pager, useLastPage, useScreen, type Column } from '../kit/index.js';

export function OrdersPanel({ memberId }: { memberId: number }) {
  const { t, navigate } = useScreen();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const body = { memberId };
  const page = useOp('order.page', { query: paging, body }, { placeholderData: keepPreviousData });
  const count = useOp('order.count', { body }, { placeholderData: keepPreviousData });
  const view = listView(page);
  const total = view === 'rows' || view === 'empty' ? count.data?.total : undefined;
  useLastPage(paging, setPaging, total, !count.isPlaceholderData && !page.isPlaceholderData);
  const columns = useMemo<Column<OrderItem>[]>(
    () => [
      { id: 'number', header: t('order.list.number'), minWidth: 170, width: 190, value: (o) => o.number },
      {
        id: 'title',
        header: t('order.list.orderTitle'),
        minWidth: 120,
        width: 200,
        grow: 1,
        render: (o) => <OverflowText text={o.title} />,
      },
      {
        id: 'amount',
        header: t('order.list.receivedAmount'),
        kind: 'money',
        value: (o) => formatYuan(o.receivedAmount),
      },
      {
        id: 'refund',
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
      },
      { id: 'createdAt', header: t('order.list.createdAt'), kind: 'time', value: (o) => o.createdAt },
    ],
    [t],
  );
  return (
    <>
      <DataTable
        label={t('member.ordersTab')}
        columns={columns}
        rows={page.data?.list ?? NO_ORDERS}
        view={view}
        busy={view === 'rows' && page.isFetching}
        onRetry={() => void page.refetch()}
        rowKey={(o) => o.id}
        rowTestId="member-order"
        testId="member-orders"
        onRowOpen={(o) => void navigate(orderDetailPath(o.id))}
        size="small"
      />
      <Pager
        {...paging}
        total={total}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        testId="member-orders-pager"
      />
    </>
  );
}

const NO_ORDERS: readonly OrderItem[] = [];
