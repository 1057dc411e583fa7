/**
 * A member's points as the ledger keeps them: the lots (what each earn
 * brought, what is left of it, when it expires; live ones first, soonest
 * expiry first) and the history of every change with its reason and
 * operator, newest first, a page at a time.
 */
import { formatDay } from '../../shared/format.js';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PointEntry, PointLot } from '../../shared/member/index.js';
import { useOp } from '../bridge.js';
import { DataTable, listView, Pager, shownTotal, useLastPage, useScreen, type Column } from '../kit/index.js';

const useStyles = makeStyles({
  heading: { fontWeight: tokens.fontWeightSemibold },
  positive: { color: tokens.colorPaletteGreenForeground1 },
  negative: { color: tokens.colorPaletteRedForeground1 },
});

export function LedgerPanel({ memberId }: { memberId: number }) {
  const { t } = useScreen();
  const styles = useStyles();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const ledger = useOp(
    'member.ledger',
    { params: { id: memberId }, query: paging },
    { placeholderData: keepPreviousData },
  );
  const entriesState = { ...ledger, data: ledger.data?.entries };
  const lotsState = { ...ledger, data: ledger.data?.lots };
  const total = shownTotal(entriesState);
  useLastPage(paging, setPaging, total, !ledger.isPlaceholderData);

  const lotColumns = useMemo<Column<PointLot>[]>(
    () => [
      { id: 'createdAt', header: t('member.ledger.createdAt'), kind: 'time', value: (l) => l.createdAt },
      {
        id: 'earned',
        header: t('member.ledger.earned'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        value: (l) => l.earned,
      },
      {
        id: 'left',
        header: t('member.ledger.left'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'member-lot-left',
        value: (l) => l.left,
      },
      {
        id: 'expiresAt',
        header: t('member.ledger.expiresAt'),
        minWidth: 150,
        width: 190,
        render: (l) =>
          l.expired ? (
            <Badge appearance="tint" color="subtle">
              {t('member.ledger.expired')}
            </Badge>
          ) : l.expiresAt === null ? (
            <Text>{t('member.ledger.never')}</Text>
          ) : (
            <Text>{formatDay(l.expiresAt)}</Text>
          ),
      },
      { id: 'order', header: t('member.ledger.order'), minWidth: 120, width: 190, value: (l) => l.orderNumber ?? '' },
    ],
    [t],
  );
  const entryColumns = useMemo<Column<PointEntry>[]>(
    () => [
      { id: 'createdAt', header: t('member.ledger.createdAt'), kind: 'time', value: (e) => e.createdAt },
      {
        id: 'kind',
        header: t('member.ledger.kind'),
        minWidth: 90,
        width: 120,
        cellTestId: 'member-entry-kind',
        value: (e) => t(`member.ledger.kinds.${e.kind}`),
      },
      {
        id: 'points',
        header: t('member.ledger.points'),
        kind: 'number',
        minWidth: 80,
        width: 90,
        cellTestId: 'member-entry-points',
        render: (e) => (
          <Text className={e.points > 0 ? styles.positive : styles.negative}>
            {e.points > 0 ? `+${e.points}` : e.points}
          </Text>
        ),
      },
      {
        // What a reverse left owed and an earn paid off: the points and this column together are the balance's moves.
        id: 'owed',
        header: t('member.ledger.owed'),
        kind: 'number',
        minWidth: 80,
        width: 90,
        cellTestId: 'member-entry-owed',
        value: (e) => (e.owed === 0 ? '' : e.owed > 0 ? `+${e.owed}` : String(e.owed)),
      },
      { id: 'reason', header: t('member.ledger.reason'), minWidth: 100, width: 180, grow: 1, value: (e) => e.reason },
      {
        id: 'operator',
        header: t('member.ledger.operator'),
        minWidth: 90,
        width: 140,
        value: (e) => e.operatorName ?? t('member.ledger.system'),
      },
      { id: 'order', header: t('member.ledger.order'), minWidth: 120, width: 190, value: (e) => e.orderNumber ?? '' },
    ],
    [t, styles],
  );

  return (
    <>
      <Text className={styles.heading}>{t('member.ledger.lots')}</Text>
      <DataTable
        label={t('member.ledger.lots')}
        columns={lotColumns}
        rows={ledger.data?.lots ?? NO_LOTS}
        view={listView(lotsState)}
        onRetry={() => void ledger.refetch()}
        rowKey={(l) => l.id}
        rowTestId="member-lot"
        testId="member-lots"
        size="small"
      />
      <Text className={styles.heading}>{t('member.ledger.entries')}</Text>
      <DataTable
        label={t('member.ledger.entries')}
        columns={entryColumns}
        rows={ledger.data?.entries.list ?? NO_ENTRIES}
        view={listView(entriesState)}
        busy={ledger.isFetching && ledger.isPlaceholderData}
        onRetry={() => void ledger.refetch()}
        rowKey={(e) => e.id}
        rowTestId="member-entry"
        testId="member-entries"
        size="small"
      />
      <Pager
        {...paging}
        total={total}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        testId="member-entries-pager"
      />
    </>
  );
}

const NO_LOTS: readonly PointLot[] = [];
const NO_ENTRIES: readonly PointEntry[] = [];
