/**
 * /orderManagement/reconciliation: the platforms' daily bills, newest day
 * first, each with its state, what the bill lists (payments and refunds with
 * their totals, the fees) and its open differences; choosing a day shows its
 * differences below (DifferencesPanel.tsx), "all open" every open one.
 */
import { Badge, Caption1, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import { DAY_STATES, RECON_PLATFORMS, type DayState, type ReconDay } from '../../shared/reconciliation/index.js';
import {
  ActionButton,
  ChoiceFilter,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { DifferencesPanel } from './DifferencesPanel.js';

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '72em' },
});

const STATE_COLOURS: Readonly<Record<DayState, BadgeProps['color']>> = {
  waiting: 'informative',
  matched: 'success',
  differences: 'warning',
  noBill: 'subtle',
  unreadable: 'danger',
  otherMerchant: 'danger',
};

interface Filter {
  platform?: ReconDay['platform'] | undefined;
  state?: DayState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

export default function ReconciliationPage() {
  const { t } = useScreen();
  const styles = useStyles();
  const days = useResource('reconciliation.days', { ns: 'reconciliation', testId: 'recon', empty: EMPTY });
  const { column, source, labels, text, tenantColumn } = days;
  /** The day whose differences show (null: every open one; undefined: none chosen). */
  const [chosen, setChosen] = useState<ReconDay | null>();
  const columns = useMemo<Column<ReconDay>[]>(
    () => [
      column('day', { minWidth: 100, width: 110, value: (d) => d.day, hideable: false }),
      column('platform', { fold: 5, minWidth: 80, width: 100, value: (d) => labels('platforms')(d.platform) }),
      column('state', {
        minWidth: 112,
        width: 130,
        cellTestId: 'recon-day-state',
        render: (d) => (
          <Badge appearance="tint" color={STATE_COLOURS[d.state]} title={d.error ?? undefined}>
            {labels('states')(d.state)}
          </Badge>
        ),
      }),
      column('payments', {
        minWidth: 120,
        width: 150,
        hideable: false,
        value: (d) => t('reconciliation.countAmount', { count: d.payments, amount: formatYuan(d.paymentAmount) }),
      }),
      column('refunds', {
        fold: 1,
        minWidth: 110,
        width: 140,
        value: (d) => t('reconciliation.countAmount', { count: d.refunds, amount: formatYuan(d.refundAmount) }),
      }),
      column('fees', { fold: 2, kind: 'money', value: (d) => d.fees }),
      column('differences', {
        fold: 6,
        header: text('differencesCount'),
        minWidth: 96,
        width: 120,
        cellTestId: 'recon-day-differences',
        value: (d) =>
          d.differences === 0
            ? text('noDifferences')
            : t('reconciliation.openCount', { open: d.open, count: d.differences }),
      }),
      ...tenantColumn({ fold: 3 }),
      column('source', {
        fold: 4,
        minWidth: 80,
        width: 110,
        value: (d) => t(`reconciliation.sources.${d.source}`, { defaultValue: d.source }),
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 110,
        render: (d) =>
          d.differences > 0 ? (
            <RowActions>
              <RowAction action={() => setChosen(d)} testId="recon-day-open">
                {text('viewDifferences')}
              </RowAction>
            </RowActions>
          ) : null,
      }),
    ],
    [t, column, labels, text, tenantColumn],
  );

  return (
    <ResourceList
      resource={days}
      columns={columns}
      rowKey={(d) => d.id}
      actions={
        <ActionButton action={() => setChosen(null)} data-testid="recon-open-all">
          {text('allDifferences')}
        </ActionButton>
      }
      filters={
        <>
          <ChoiceFilter {...source('platform')} options={RECON_PLATFORMS} optionLabel={labels('platforms')} />
          <ChoiceFilter {...source('state')} options={DAY_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
      aboveTable={<Caption1 className={styles.intro}>{text('intro')}</Caption1>}
      table={{ emptyAction: <Caption1>{text('empty')}</Caption1> }}
    >
      {chosen !== undefined && <DifferencesPanel key={chosen?.id ?? 'open'} day={chosen} />}
    </ResourceList>
  );
}
