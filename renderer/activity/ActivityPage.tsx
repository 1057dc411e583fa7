/**
 * /marketing/scenedeatil?id= (hidden, spec §2 discount detail): one activity
 * — its type, tag, time and extension, state, who it prices, where, its
 * products with their prices, its rules and limits, and the orders and
 * discount it has given — with terminate (asks first), extend, disable or
 * enable, and edit while it has not started; the price preview below shows
 * what a customer pays at one of its devices now.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarArrowRightRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { type ActivityDetail, WEEKDAY_KEYS } from '../../shared/activity/index.js';
import { formatTime, formatYuan } from '../../shared/format.js';
import { useDetail } from '../app/detail.js';
import { useOp } from '../bridge.js';
import { DetailPage, InfoList, useScreen, type InfoItem } from '../kit/index.js';
import { HistoryPanel } from '../oplog/index.js';
import { ExtendDialog } from './ExtendDialog.js';
import { ACTIVITIES_PATH, editActivityPath } from './paths.js';
import { PricePreview } from './PricePreview.js';
import { CouponSends } from './CouponSends.js';
import { ResultsPanel } from './ResultsPanel.js';
import { StateBadge } from './StateBadge.js';
import { useActivityActions } from './useActivityActions.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  tags: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const minutes = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export default function ActivityPage() {
  const { t, client, navigate } = useScreen();
  const styles = useStyles();
  const [extending, setExtending] = useState(false);
  const actions = useActivityActions({ refresh: () => client.invalidateQueries({ queryKey: ['activity.info'] }) });
  const { gate, data, back } = useDetail('activity.info', {
    backTo: ACTIVITIES_PATH,
    backLabel: t('common.back'),
    testId: 'activity-page',
    notFoundCode: CODE.activityNotFound,
    invalidId: t('activity.route.discountDetail'),
    // The results panel needs the id alone: asked with the activity, not one round trip after it.
    alongside: (id) => [['activity.results', { params: { id } }]],
  });
  const choices = useOp(
    'activity.choices',
    { body: { tenantId: data?.tenantId } },
    { enabled: data !== undefined, staleTime: 60_000 },
  );
  if (gate) return gate;
  const a = data;
  const live = a.state === 'active' || a.state === 'notStarted' || a.state === 'disabled';
  return (
    <DetailPage
      id="activity-page"
      title={a.name}
      back={back}
      wide
      titleTestId="activity-page-title"
      actions={
        <div className={styles.actions}>
          <StateBadge state={a.state} testId="activity-page-state" />
          {a.state === 'notStarted' && (
            <Button
              icon={<EditRegular />}
              onClick={() => void navigate(editActivityPath(a.id))}
              data-testid="activity-page-edit"
            >
              {t('activity.edit')}
            </Button>
          )}
          {a.state !== 'stopped' && (
            <Button
              icon={<CalendarArrowRightRegular />}
              onClick={() => setExtending(true)}
              data-testid="activity-page-extend"
            >
              {t('activity.extend')}
            </Button>
          )}
          {(a.state === 'active' || a.state === 'notStarted') && (
            <Button onClick={() => actions.act('disable', a)} data-testid="activity-page-disable">
              {t('activity.disable')}
            </Button>
          )}
          {a.state === 'disabled' && (
            <Button onClick={() => actions.act('enable', a)} data-testid="activity-page-enable">
              {t('activity.enable')}
            </Button>
          )}
          {live && (
            <Button onClick={() => actions.act('terminate', a)} data-testid="activity-page-terminate">
              {t('activity.terminate')}
            </Button>
          )}
        </div>
      }
    >
      <div className={styles.body}>
        <InfoList items={facts(a, t)} />
        <ResultsPanel id={a.id} name={a.name} coupons={a.type === 'coupon'} />
        {a.coupon && (
          <CouponSends
            activityId={a.id}
            active={a.state === 'active'}
            validDays={a.coupon.validDays}
            groups={choices.data?.groups ?? []}
          />
        )}
        <PricePreview
          tenantId={a.tenantId}
          ready
          devices={a.target === 'devices' ? a.devices : (choices.data?.devices ?? [])}
          products={a.productLines.map((p) => ({ id: p.productId, name: p.name }))}
        />
        <HistoryPanel filter={{ entity: 'activity', targetId: a.id }} testId="activity-history" />
      </div>
      {actions.dialog}
      {extending && <ExtendDialog activity={a} onClose={() => setExtending(false)} />}
    </DetailPage>
  );
}

type T = ReturnType<typeof useScreen>['t'];

/** What the page says of an activity, only what its type has. */
function facts(a: ActivityDetail, t: T): InfoItem[] {
  const none = t('activity.unlimited');
  const list = (xs: readonly { name: string }[]) =>
    xs.length ? xs.map((x) => x.name).join(t('common.listSeparator')) : t('activity.none');
  const items: (InfoItem | false)[] = [
    { label: t('activity.type'), value: t(`activity.types.${a.type}`), testId: 'activity-page-type' },
    { label: t('activity.tag'), value: <Badge appearance="outline">{a.tag}</Badge> },
    { label: t('activity.startAt'), value: formatTime(a.startAt) },
    { label: t('activity.endAt'), value: formatTime(a.endAt), testId: 'activity-page-end' },
    a.extendedEndAt !== null && {
      label: t('activity.extendedEndAt'),
      value: formatTime(a.extendedEndAt),
      testId: 'activity-page-extended',
    },
    a.stoppedAt !== null && { label: t('activity.stoppedAt'), value: formatTime(a.stoppedAt) },
    {
      label: t('activity.crowd'),
      value:
        a.crowd === 'everyone'
          ? t('activity.crowds.everyone')
          : t('common.labelled', { label: t(`activity.crowds.${a.crowd}`), value: list(a.groups) }),
    },
    a.minGrade !== null && {
      label: t('activity.minGrade'),
      value: t('activity.gradeAndAbove', { name: a.minGrade.name }),
      testId: 'activity-page-grade',
    },
    { label: t('activity.newUserOnly'), value: t(a.newUserOnly ? 'activity.yes' : 'activity.no') },
    { label: t(`activity.${a.target}`), value: list(a.target === 'devices' ? a.devices : a.scenes) },
    {
      label: t('activity.products'),
      value: a.productLines
        .map((p) => (p.price === null ? p.name : `${p.name} ${formatYuan(p.price)}`))
        .join(t('common.listSeparator')),
      testId: 'activity-page-products',
    },
    a.rate !== null && { label: t('activity.rate'), value: `${a.rate}%` },
    a.minUnits !== null && { label: t('activity.minUnits'), value: a.minUnits },
    a.threshold !== null && { label: t('activity.threshold'), value: formatYuan(a.threshold) },
    a.reduction !== null && { label: t('activity.reduction'), value: formatYuan(a.reduction) },
    a.purchaseLimit !== null && {
      label: t('activity.purchaseLimit'),
      value:
        a.purchaseLimit.period === 'unlimited'
          ? t('activity.periods.unlimited')
          : `${t(`activity.periods.${a.purchaseLimit.period}`)} ${a.purchaseLimit.count} · ${t(`activity.refresh.${a.purchaseLimit.refresh}`)}`,
    },
    a.coupon !== null && {
      label: t('activity.couponType'),
      testId: 'activity-page-coupon',
      // What a member gets and may claim: the kind and amount, how many, for how long, and how many each.
      value: [
        `${t(`activity.couponTypes.${a.coupon.type}`)}${a.coupon.amount ? ` ${formatYuan(a.coupon.amount)}` : ''}`,
        `${t('activity.couponQuantity')} ${a.coupon.quantity}`,
        `${t('activity.couponDays')} ${a.coupon.validDays}`,
        `${t('activity.couponPerMember')} ${a.coupon.perMember}`,
        ...(a.coupon.points ? [`${t('activity.couponPoints')} ${a.coupon.points}`] : []),
      ].join(' · '),
    },
    { label: t('activity.participationLimit'), value: a.participationLimit ?? none },
    { label: t('activity.exclusive'), value: t(a.exclusive ? 'activity.yes' : 'activity.no') },
    (a.weekdays !== null || a.hours !== null) && {
      label: t('activity.window'),
      value: [
        a.weekdays?.map((d) => t(`activity.weekdays.${WEEKDAY_KEYS[d - 1]!}`)).join(' '),
        a.hours && `${minutes(a.hours.from)}–${minutes(a.hours.to)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    a.platforms !== null && {
      label: t('activity.platforms'),
      value: a.platforms.map((p) => t(`order.platform.${p}`)).join(t('common.listSeparator')),
    },
    { label: t('activity.budgetAmount'), value: a.budgetAmount === null ? none : formatYuan(a.budgetAmount) },
    { label: t('activity.budgetUses'), value: a.budgetUses ?? none },
    { label: t('activity.createdBy'), value: a.createdBy ?? '—' },
    { label: t('activity.createdAt'), value: formatTime(a.createdAt) },
  ];
  return items.filter((x): x is InfoItem => x !== false);
}
