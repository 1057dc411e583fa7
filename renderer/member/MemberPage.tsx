/**
 * /memberCenter/memberDetail?id= (hidden, opened from member info): one
 * member — card, whole phone, birthday, where and when they registered, who
 * invited them, who last changed them, their orders and what they spent —
 * with the points ledger (lots and history), their stored value and their
 * orders in tabs (the tab in the address, `&tab=`). Adjust points (with a reason) and block or
 * let back from here.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import { useDetail } from '../app/detail.js';
import { saveFile } from '../app/save.js';
import { useOpMutation } from '../bridge.js';
import {
  ConfirmDialog,
  DetailPage,
  DetailTabs,
  InfoList,
  useGuardedAction,
  useScreen,
  useTabParam,
} from '../kit/index.js';
import { AdjustPointsDialog } from './AdjustPointsDialog.js';
import { LedgerPanel } from './LedgerPanel.js';
import { memberOrders, memberWallet } from './ports.js';
import { MEMBERS_PATH } from './paths.js';
import { useMemberState } from './useMemberState.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const TABS = ['points', 'wallet', 'orders'] as const;
const TAB_LABELS = { points: 'member.ledger.tab', wallet: 'wallet.tab', orders: 'member.ordersTab' } as const;

export default function MemberPage() {
  const { t, client, notify, report } = useScreen();
  const styles = useStyles();
  const [tab, choose] = useTabParam(TABS);
  const Orders = memberOrders.use();
  const Wallet = memberWallet.use();
  const [adjusting, setAdjusting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [erasing, setErasing] = useState(false);
  const exportData = useOpMutation('member.export');
  const erase = useOpMutation('member.erase', { invalidates: ['member.info', 'member.page', 'member.ledger'] });
  const saveData = useGuardedAction(async (id: number) => {
    try {
      const file = await exportData.mutateAsync({ params: { id } });
      if (await saveFile(file.name, 'application/json', file.data)) notify(t('member.exported'));
    } catch (error) {
      report(error);
    }
  });
  const change = useMemberState(() => client.invalidateQueries({ queryKey: ['member.info'] }));
  const { gate, data, back } = useDetail('member.info', {
    backTo: MEMBERS_PATH,
    backLabel: t('common.back'),
    testId: 'member-page',
    notFoundCode: CODE.programmeMemberNotFound,
    invalidId: t('member.notFound'),
  });
  if (gate) return gate;
  const blocked = data.state === 'blocked';
  const name = data.erased ? t('member.erasedName') : data.nickname;
  return (
    <DetailPage
      id="member-page"
      title={name}
      back={back}
      wide
      titleTestId="member-page-title"
      actions={
        <div className={styles.actions}>
          <Badge
            appearance="tint"
            color={data.erased ? 'informative' : blocked ? 'danger' : 'success'}
            data-testid="member-page-state"
          >
            {data.erased ? t('member.erasedState') : t(`member.states.${data.state}`)}
          </Badge>
          {!data.erased && (
            <>
              <Button icon={<EditRegular />} onClick={() => setAdjusting(true)} data-testid="member-adjust-open">
                {t('member.adjust.open')}
              </Button>
              <Button
                onClick={() => (blocked ? void change(data.id, 'normal') : setBlocking(true))}
                data-testid="member-page-toggle"
              >
                {t(blocked ? 'member.unblock' : 'member.block')}
              </Button>
              <Button
                icon={<ArrowDownloadRegular />}
                disabled={saveData.busy}
                onClick={() => void saveData.run(data.id)}
                data-testid="member-export"
              >
                {t('member.exportData')}
              </Button>
              <Button icon={<DeleteRegular />} onClick={() => setErasing(true)} data-testid="member-erase">
                {t('member.erase')}
              </Button>
            </>
          )}
        </div>
      }
    >
      <InfoList
        items={[
          { label: t('member.id'), value: data.id },
          { label: t('member.cardNumber'), value: data.cardNumber },
          { label: t('member.points'), value: data.points },
          {
            label: t('member.grade'),
            value: data.gradeName ?? t('member.grades.none'),
            testId: 'member-page-grade',
          },
          ...(data.owed > 0 ? [{ label: t('member.owed'), value: data.owed }] : []),
          {
            label: t('member.phone'),
            testId: 'member-page-phone',
            value: data.phone ? (
              <>
                {data.phone}{' '}
                <Badge appearance="outline" color={data.phoneVerified ? 'success' : 'warning'} size="small">
                  {t(data.phoneVerified ? 'member.phoneVerified' : 'member.phoneUnverified')}
                </Badge>
              </>
            ) : (
              ''
            ),
          },
          { label: t('member.birthday'), value: data.birthday ?? '' },
          { label: t('member.registeredAt'), value: formatTime(data.registeredAt) },
          { label: t('member.registeredAddress'), value: data.registeredAddress ?? '' },
          { label: t('member.inviter'), value: data.inviterName ?? '' },
          { label: t('member.operator'), value: data.operatorName ?? '' },
          { label: t('member.orders'), value: data.orders },
          { label: t('member.spent'), value: formatYuan(data.spent) },
          { label: t('common.tenant'), value: data.tenantName },
        ]}
      />
      <DetailTabs tabs={TABS} selected={tab} onSelect={choose} label={(x) => t(TAB_LABELS[x])} testId="member-page-tab">
        {tab === 'points' && <LedgerPanel memberId={data.id} />}
        {tab === 'wallet' && (
          <Suspense fallback={null}>
            <Wallet memberId={data.id} memberName={data.nickname} />
          </Suspense>
        )}
        {tab === 'orders' && (
          <Suspense fallback={null}>
            <Orders memberId={data.id} />
          </Suspense>
        )}
      </DetailTabs>
      {adjusting && <AdjustPointsDialog member={data} onClose={() => setAdjusting(false)} />}
      <ConfirmDialog
        open={erasing}
        danger={data.points === 0}
        title={t('member.erase')}
        text={
          data.points > 0
            ? t('member.eraseHasPoints', { name, points: data.points })
            : t('member.confirmErase', { name })
        }
        // A member holding points cannot be erased (708): the question says the balance and offers to adjust it.
        confirmLabel={data.points > 0 ? t('member.adjust.open') : t('member.erase')}
        onConfirm={async () => {
          if (data.points > 0) {
            setErasing(false);
            setAdjusting(true);
            return;
          }
          try {
            await erase.mutateAsync({ params: { id: data.id } });
            notify(t('member.erasedDone'));
          } catch (error) {
            report(error);
          }
          setErasing(false);
        }}
        onCancel={() => setErasing(false)}
      />
      <ConfirmDialog
        open={blocking}
        danger
        title={t('member.block')}
        text={t('member.confirmBlock', { name })}
        confirmLabel={t('member.block')}
        onConfirm={async () => {
          await change(data.id, 'blocked');
          setBlocking(false);
        }}
        onCancel={() => setBlocking(false)}
      />
    </DetailPage>
  );
}
