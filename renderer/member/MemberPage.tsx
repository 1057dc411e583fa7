/**
 * /memberCenter/memberDetail?id= (hidden, opened from member info): one
 * member — card, whole phone, birthday, where and when they registered, who
 * invited them, who last changed them, their orders and what they spent —
 * with the points ledger (lots and history) and their orders in tabs (the
 * tab in the address, `&tab=`). Adjust points (with a reason) and block or
 * let back from here.
 */
import { Badge, Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import { useDetail } from '../app/detail.js';
import { ConfirmDialog, DetailPage, InfoList, useScreen, useTabParam } from '../kit/index.js';
import { AdjustPointsDialog } from './AdjustPointsDialog.js';
import { LedgerPanel } from './LedgerPanel.js';
import { OrdersPanel } from './OrdersPanel.js';
import { MEMBERS_PATH } from './paths.js';
import { useMemberState } from './useMemberState.js';

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', flexShrink: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    paddingTop: tokens.spacingVerticalS,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const TABS = ['points', 'orders'] as const;
type TabName = (typeof TABS)[number];

export default function MemberPage() {
  const { t, client } = useScreen();
  const styles = useStyles();
  const [tab, choose] = useTabParam(TABS);
  const [adjusting, setAdjusting] = useState(false);
  const [blocking, setBlocking] = useState(false);
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
  return (
    <DetailPage
      id="member-page"
      title={data.nickname}
      back={back}
      wide
      titleTestId="member-page-title"
      actions={
        <div className={styles.actions}>
          <Badge appearance="tint" color={blocked ? 'danger' : 'success'} data-testid="member-page-state">
            {t(`member.states.${data.state}`)}
          </Badge>
          <Button icon={<EditRegular />} onClick={() => setAdjusting(true)} data-testid="member-adjust-open">
            {t('member.adjust.open')}
          </Button>
          <Button
            onClick={() => (blocked ? void change(data.id, 'normal') : setBlocking(true))}
            data-testid="member-page-toggle"
          >
            {t(blocked ? 'member.unblock' : 'member.block')}
          </Button>
        </div>
      }
    >
      <InfoList
        items={[
          { label: t('member.id'), value: data.id },
          { label: t('member.cardNumber'), value: data.cardNumber },
          { label: t('member.points'), value: data.points },
          ...(data.owed > 0 ? [{ label: t('member.owed'), value: data.owed }] : []),
          { label: t('member.phone'), value: data.phone ?? '' },
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
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => choose(d.value as TabName)}
        data-testid="member-page-tabs"
      >
        <Tab value="points" data-testid="member-page-tab-points">
          {t('member.ledger.tab')}
        </Tab>
        <Tab value="orders" data-testid="member-page-tab-orders">
          {t('member.ordersTab')}
        </Tab>
      </TabList>
      <div
        className={styles.panel}
        role="tabpanel"
        aria-label={t(tab === 'points' ? 'member.ledger.tab' : 'member.ordersTab')}
      >
        {tab === 'points' && <LedgerPanel memberId={data.id} />}
        {tab === 'orders' && <OrdersPanel memberId={data.id} />}
      </div>
      {adjusting && <AdjustPointsDialog member={data} onClose={() => setAdjusting(false)} />}
      <ConfirmDialog
        open={blocking}
        danger
        title={t('member.block')}
        text={t('member.confirmBlock', { name: data.nickname })}
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
