/**
 * A member's stored value on its page (the member domain's `member.wallet`
 * port): what the wallet holds by part, which part a spend draws on first,
 * and every move newest first with its order, reason and who made it, a
 * page at a time; a top-up at the counter (TopUpDialog.tsx) and a give-back
 * of the principal left (GiveBackDialog.tsx).
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { GiveBack, TopUp, WalletMove } from '../../shared/wallet/index.js';
import { useOp } from '../bridge.js';
import { GiveBackDialog, GiveBackResultDialog } from './GiveBackDialog.js';
import { TopUpDialog, TopUpPayDialog } from './TopUpDialog.js';
import { DataTable, InfoList, listView, Pager, shownTotal, useLastPage, useScreen, type Column } from '../kit/index.js';

const useStyles = makeStyles({
  heading: { fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  positive: { color: tokens.colorPaletteGreenForeground1 },
  negative: { color: tokens.colorPaletteRedForeground1 },
});

/** Signed yuan, a credit with its plus sign; nothing for a part the move did not touch. */
const signed = (fen: number) => (fen === 0 ? '' : fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen));

export default function WalletPanel({ memberId, memberName }: { memberId: number; memberName: string }) {
  const { t } = useScreen();
  const styles = useStyles();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState<TopUp>();
  const [givingBack, setGivingBack] = useState(false);
  const [givenBack, setGivenBack] = useState<GiveBack>();
  const wallet = useOp(
    'wallet.info',
    { params: { id: memberId }, query: paging },
    { placeholderData: keepPreviousData },
  );
  const movesState = { ...wallet, data: wallet.data?.moves };
  const total = shownTotal(movesState);
  useLastPage(paging, setPaging, total, !wallet.isPlaceholderData);

  const columns = useMemo<Column<WalletMove>[]>(() => {
    const part = (id: 'principal' | 'bonus'): Column<WalletMove> => ({
      id,
      header: t(`wallet.${id}`),
      kind: 'money',
      minWidth: 90,
      width: 110,
      cellTestId: `wallet-move-${id}`,
      render: (m) => <Text className={m[id] > 0 ? styles.positive : styles.negative}>{signed(m[id])}</Text>,
    });
    return [
      { id: 'createdAt', header: t('wallet.at'), kind: 'time', value: (m) => m.createdAt },
      {
        id: 'kind',
        header: t('wallet.kind'),
        minWidth: 90,
        width: 120,
        cellTestId: 'wallet-move-kind',
        value: (m) => t(`wallet.moves.${m.kind}`),
      },
      part('principal'),
      part('bonus'),
      { id: 'reason', header: t('wallet.reason'), minWidth: 100, width: 180, grow: 1, value: (m) => m.reason ?? '' },
      {
        id: 'operator',
        header: t('wallet.operator'),
        minWidth: 90,
        width: 140,
        value: (m) => m.operatorName ?? t('wallet.system'),
      },
      { id: 'order', header: t('wallet.order'), minWidth: 120, width: 190, value: (m) => m.orderNumber ?? '' },
    ];
  }, [t, styles]);

  const w = wallet.data;
  const member = { id: memberId, name: memberName };
  return (
    <>
      <div className={styles.actions}>
        <Button
          onClick={() => setGivingBack(true)}
          disabled={!w || w.principal === 0}
          data-testid="wallet-give-back-open"
        >
          {t('wallet.giveBack.action')}
        </Button>
        <Button appearance="primary" onClick={() => setAsking(true)} data-testid="wallet-top-up-open">
          {t('wallet.topUp.action')}
        </Button>
      </div>
      {w && (
        <InfoList
          items={[
            { label: t('wallet.balance'), value: formatYuan(w.principal + w.bonus), testId: 'wallet-balance' },
            { label: t('wallet.principal'), value: formatYuan(w.principal), testId: 'wallet-principal' },
            { label: t('wallet.bonus'), value: formatYuan(w.bonus), testId: 'wallet-bonus' },
            { label: t('wallet.spendOrder'), value: t(`wallet.spendOrders.${w.spendOrder}`) },
          ]}
        />
      )}
      <Text className={styles.heading}>{t('wallet.history')}</Text>
      <DataTable
        label={t('wallet.history')}
        columns={columns}
        rows={w?.moves.list ?? NO_MOVES}
        view={listView(movesState)}
        busy={wallet.isFetching && wallet.isPlaceholderData}
        onRetry={() => void wallet.refetch()}
        rowKey={(m) => m.id}
        rowTestId="wallet-move"
        testId="wallet-moves"
        size="small"
      />
      <Pager
        {...paging}
        total={total}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        testId="wallet-moves-pager"
      />
      {asking && <TopUpDialog member={member} onClose={() => setAsking(false)} onAsked={setPaying} />}
      {paying && (
        <TopUpPayDialog topUp={paying} onClose={() => setPaying(undefined)} onPaid={() => void wallet.refetch()} />
      )}
      {givingBack && w && (
        <GiveBackDialog
          member={member}
          held={w}
          onClose={() => setGivingBack(false)}
          onAsked={(given) => {
            setGivenBack(given);
            // Out of the wallet at once: the tab shows it while the refunds go.
            void wallet.refetch();
          }}
        />
      )}
      {givenBack && (
        <GiveBackResultDialog
          giveBack={givenBack}
          onClose={() => setGivenBack(undefined)}
          onEnded={() => void wallet.refetch()}
        />
      )}
    </>
  );
}

const NO_MOVES: readonly WalletMove[] = [];
