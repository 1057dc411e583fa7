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
  DataTable,
  FilterBar,
  ListPage,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  useListPage,
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
  const { t, user } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(user);
  const { field, apply, reset, table, pager } = useListPage('reconciliation.days', { empty: EMPTY });
  /** The day whose differences show (null: every open one; undefined: none chosen). */
  const [chosen, setChosen] = useState<ReconDay | null>();
  const columns = useMemo<Column<ReconDay>[]>(
    () => [
      { id: 'day', header: t('reconciliation.day'), minWidth: 100, width: 110, value: (d) => d.day, hideable: false },
      {
        id: 'platform',
        fold: 5,
        header: t('reconciliation.platform'),
        minWidth: 80,
        width: 100,
        value: (d) => t(`reconciliation.platforms.${d.platform}`),
      },
      {
        id: 'state',
        header: t('reconciliation.state'),
        minWidth: 112,
        width: 130,
        cellTestId: 'recon-day-state',
        render: (d) => (
          <Badge appearance="tint" color={STATE_COLOURS[d.state]} title={d.error ?? undefined}>
            {t(`reconciliation.states.${d.state}`)}
          </Badge>
        ),
      },
      {
        id: 'payments',
        header: t('reconciliation.payments'),
        minWidth: 120,
        width: 150,
        hideable: false,
        value: (d) => t('reconciliation.countAmount', { count: d.payments, amount: formatYuan(d.paymentAmount) }),
      },
      {
        id: 'refunds',
        fold: 1,
        header: t('reconciliation.refunds'),
        minWidth: 110,
        width: 140,
        value: (d) => t('reconciliation.countAmount', { count: d.refunds, amount: formatYuan(d.refundAmount) }),
      },
      { id: 'fees', fold: 2, header: t('reconciliation.fees'), kind: 'money', value: (d) => d.fees },
      {
        id: 'differences',
        fold: 6,
        header: t('reconciliation.differencesCount'),
        minWidth: 96,
        width: 120,
        cellTestId: 'recon-day-differences',
        value: (d) =>
          d.differences === 0
            ? t('reconciliation.noDifferences')
            : t('reconciliation.openCount', { open: d.open, count: d.differences }),
      },
      ...tenantColumn<ReconDay>(byTenant, t('common.tenant'), { fold: 3 }),
      {
        id: 'source',
        fold: 4,
        header: t('reconciliation.source'),
        minWidth: 80,
        width: 110,
        value: (d) => t(`reconciliation.sources.${d.source}`, { defaultValue: d.source }),
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 110,
        render: (d) =>
          d.differences > 0 ? (
            <RowActions>
              <RowAction action={() => setChosen(d)} testId="recon-day-open">
                {t('reconciliation.viewDifferences')}
              </RowAction>
            </RowActions>
          ) : null,
      },
    ],
    [t, byTenant],
  );

  return (
    <ListPage
      id="reconciliation-title"
      title={t('reconciliation.title')}
      actions={
        <ActionButton action={() => setChosen(null)} data-testid="recon-open-all">
          {t('reconciliation.allDifferences')}
        </ActionButton>
      }
      filters={
        <FilterBar
          label={t('reconciliation.days')}
          onSearch={apply}
          onReset={reset}
          searchTestId="recon-search"
          resetTestId="recon-reset"
        >
          <ChoiceFilter
            label={t('reconciliation.platform')}
            {...field('platform')}
            options={RECON_PLATFORMS}
            optionLabel={(p) => t(`reconciliation.platforms.${p}`)}
            testId="recon-filter-platform"
          />
          <ChoiceFilter
            label={t('reconciliation.state')}
            {...field('state')}
            options={DAY_STATES}
            optionLabel={(s) => t(`reconciliation.states.${s}`)}
            testId="recon-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="recon-filter-tenant" />
        </FilterBar>
      }
    >
      <Caption1 className={styles.intro}>{t('reconciliation.intro')}</Caption1>
      <DataTable
        label={t('reconciliation.days')}
        columns={columns}
        {...table}
        rowKey={(d) => d.id}
        rowTestId="recon-day-row"
        emptyAction={<Caption1>{t('reconciliation.empty')}</Caption1>}
        testId="recon-days"
      />
      <Pager {...pager} label={t('reconciliation.days')} />
      {chosen !== undefined && <DifferencesPanel key={chosen?.id ?? 'open'} day={chosen} />}
    </ListPage>
  );
}
