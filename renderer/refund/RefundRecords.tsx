/**
 * An order's refunds (newest first): amount, products, reason, who asked, state, when the result is due or
 * landed, and what the payment platform said of it (why a refund waits, or the platform's code for a refusal).
 */
import { Badge, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundItem } from '../../shared/refund/index.js';
import { useOp } from '../bridge.js';
import { formatDateTime } from '../app/format.js';
import { DataTable, listView, OverflowText, type Column } from '../kit/index.js';

/** The adapters' own codes a refund may carry (server/refund/platform.ts); any other is the platform's. */
const NOTED = ['NO_PROVIDER', 'CREDENTIALS', 'CERTIFICATE', 'SIGNATURE', 'TIMEOUT', 'NETWORK', 'MALFORMED'] as const;

const useStyles = makeStyles({ card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export function RefundRecords({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const list = useOp('refund.list', { params: { id: orderId } }, { staleTime: 0 });
  const columns = useMemo<Column<RefundItem>[]>(
    () => [
      {
        id: 'amount',
        header: t('refund.amount'),
        kind: 'money',
        value: (r) => r.amount,
        cellTestId: 'refund-record-amount',
      },
      {
        id: 'lines',
        header: t('refund.what'),
        render: (r) => (
          <OverflowText
            text={r.lines.length ? r.lines.map((l) => l.name).join(t('common.listSeparator')) : t('refund.wholeOrder')}
          />
        ),
        minWidth: 120,
        grow: 1,
      },
      // A refund of a failed vend says why the machine failed (and the note of whoever approved it, if any).
      {
        id: 'reason',
        header: t('refund.reason'),
        render: (r) => (
          <OverflowText
            text={
              r.failure
                ? [t('order.outcome.refundFor', { failure: t(`order.failure.${r.failure}`) }), r.reason]
                    .filter(Boolean)
                    .join(' · ')
                : r.reason
            }
          />
        ),
        minWidth: 120,
        grow: 1,
        cellTestId: 'refund-record-reason',
      },
      {
        id: 'by',
        header: t('refund.requestedBy'),
        value: (r) => r.requestedBy || t('refund.platform'),
        minWidth: 96,
        width: 140,
      },
      {
        id: 'state',
        header: t('order.list.refundState'),
        minWidth: 88,
        width: 100,
        cellTestId: 'refund-record-state',
        render: (r) => (
          <Badge
            appearance="tint"
            color={r.state === 'success' ? 'success' : r.state === 'failed' ? 'danger' : 'warning'}
          >
            {t(`refund.states.${r.state}`)}
          </Badge>
        ),
      },
      { id: 'createdAt', header: t('order.list.createdAt'), kind: 'time', value: (r) => r.createdAt },
      {
        id: 'result',
        header: t('refund.settledAt'),
        minWidth: 120,
        width: 172,
        value: (r) =>
          r.settledAt
            ? formatDateTime(r.settledAt)
            : `${t('refund.expectedAt')} ${formatDateTime(r.expectedAt).slice(11)}`,
      },
      {
        id: 'note',
        header: t('refund.note'),
        render: (r) => {
          const known = NOTED.find((c) => c === r.platformCode);
          // What the adapter's own code says in the reader's language; a platform's code as it is.
          const note =
            r.platformCode === null
              ? '—'
              : known
                ? t(`refund.platformCodes.${known}`)
                : t('refund.platformCodes.other', { code: r.platformCode });
          return <OverflowText text={note} />;
        },
        minWidth: 120,
        grow: 1,
        cellTestId: 'refund-record-note',
      },
    ],
    [t],
  );
  if (list.data && list.data.length === 0) return null;
  return (
    <Card className={styles.card}>
      <Text as="h2" weight="semibold" size={400}>
        {t('refund.records')}
      </Text>
      <DataTable
        label={t('refund.records')}
        columns={columns}
        rows={list.data ?? NONE}
        rowKey={(r) => r.id}
        view={listView(list)}
        onRetry={() => void list.refetch()}
        rowTestId="refund-record"
        testId="refund-records"
      />
    </Card>
  );
}

const NONE: readonly RefundItem[] = [];
