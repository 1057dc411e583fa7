/**
 * /bill (spec §2 bill, §3 Bill): the renewals paid for — payment order
 * number, service, amount, platform, date, state — newest first, by number,
 * platform, state and tenant; each paid bill's invoice (InvoiceActions.tsx).
 */
import { Badge, makeStyles, type BadgeProps } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import {
  INVOICE_STATES,
  RENEWAL_PLATFORMS,
  RENEWAL_STATES,
  type InvoiceState,
  type RenewalItem,
  type RenewalState,
} from '../../shared/billing/index.js';
import { InvoiceButtons, InvoiceCell, InvoiceMarkDialogs, type InvoiceAction } from './InvoiceActions.js';
import { saveSheet } from '../kit/xlsx.js';
import { InvoiceWizard } from './InvoiceWizard.js';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ActionButton,
  filterBody,
  DataTable,
  FilterBar,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  useScreen,
  tenantColumn,
  type Column,
  TextFilter,
  RowActions,
  ListPage,
  ChoiceFilter,
} from '../kit/index.js';

const useStyles = makeStyles({
  tools: { display: 'flex', justifyContent: 'flex-end' },
});

const STATE_COLOURS: Readonly<Record<RenewalState, BadgeProps['color']>> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  expired: 'informative',
};

interface Filter {
  number: string;
  platform?: RenewalItem['platform'] | undefined;
  state?: RenewalState | undefined;
  invoice?: InvoiceFilter | undefined;
  tenantId?: number | undefined;
}
type InvoiceFilter = 'none' | InvoiceState;
const INVOICE_FILTERS: readonly InvoiceFilter[] = ['none', ...INVOICE_STATES];
const EMPTY: Filter = { number: '' };

export default function BillPage() {
  const { t, user, notify, report } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(user);
  const { field, apply, reset, filter, table, pager } = useListPage('billing.bills', { empty: EMPTY });
  const [action, setAction] = useState<InvoiceAction>(null);
  const columns = useMemo<Column<RenewalItem>[]>(
    () => [
      {
        id: 'number',
        header: t('billing.bills.number'),
        minWidth: 170,
        width: 190,
        value: (b) => b.number,
        cellTestId: 'bill-number',
        hideable: false,
      },
      {
        id: 'service',
        header: t('billing.bills.service'),
        minWidth: 160,
        width: 230,
        grow: 2,
        value: (b) => t('billing.bills.serviceName', { count: b.deviceCount, months: b.months }),
      },
      {
        id: 'amount',
        header: t('billing.bills.amount'),
        kind: 'money',
        value: (b) => b.amount,
        cellTestId: 'bill-amount',
      },
      {
        id: 'platform',
        fold: 1,
        header: t('billing.bills.platform'),
        minWidth: 80,
        width: 100,
        value: (b) => t(`billing.renew.platforms.${b.platform}`),
      },
      { id: 'date', header: t('billing.bills.date'), kind: 'time', value: (b) => b.paidAt ?? b.createdAt },
      {
        id: 'state',
        header: t('billing.bills.state'),
        minWidth: 88,
        width: 110,
        cellTestId: 'bill-state',
        render: (b) => (
          <Badge appearance="tint" color={STATE_COLOURS[b.state]}>
            {t(`billing.bills.states.${b.state}`)}
          </Badge>
        ),
      },
      ...tenantColumn<RenewalItem>(byTenant, t('common.tenant'), { fold: 2 }),
      {
        id: 'invoice',
        header: t('billing.invoice.column'),
        minWidth: 100,
        width: 170,
        render: (b) => <InvoiceCell bill={b} />,
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 260,
        render: (b) => (
          <RowActions>
            <InvoiceButtons bill={b} onAction={setAction} />
          </RowActions>
        ),
      },
    ],
    [t, byTenant, styles],
  );

  return (
    <ListPage
      id="bill-title"
      title={t('route.bill')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="bill-search" resetTestId="bill-reset">
          <TextFilter
            label={t('billing.bills.number')}
            {...field('number')}
            maxLength={32}
            testId="bill-filter-number"
          />
          <ChoiceFilter
            label={t('billing.bills.platform')}
            {...field('platform')}
            options={RENEWAL_PLATFORMS}
            optionLabel={(p) => t(`billing.renew.platforms.${p}`)}
            testId="bill-filter-platform"
          />
          <ChoiceFilter
            label={t('billing.bills.state')}
            {...field('state')}
            options={RENEWAL_STATES}
            optionLabel={(s) => t(`billing.bills.states.${s}`)}
            testId="bill-filter-state"
          />
          <ChoiceFilter
            label={t('billing.invoice.column')}
            {...field('invoice')}
            options={INVOICE_FILTERS}
            optionLabel={(s) => (s === 'none' ? t('billing.invoice.none') : t(`billing.invoice.states.${s}`))}
            testId="bill-filter-invoice"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="bill-filter-tenant" />
        </FilterBar>
      }
    >
      <div className={styles.tools}>
        <ActionButton
          icon={<ArrowDownloadRegular />}
          action={async () => {
            try {
              const sheet = await callOp('billing.exportBills', {
                query: { lang: currentLang() },
                body: filterBody(filter),
              });
              await saveSheet(sheet, notify, { saved: (count) => t('billing.bills.exported', { count }) });
            } catch (error) {
              report(error);
            }
          }}
          data-testid="bill-export"
        >
          {t('billing.bills.export')}
        </ActionButton>
      </div>
      <DataTable
        label={t('route.bill')}
        columns={columns}
        {...table}
        rowKey={(b) => b.id}
        rowTestId="bill-row"
        testId="bill-table"
      />
      <Pager {...pager} testId="bill-pager" />
      {action?.kind === 'apply' && <InvoiceWizard bill={action.bill} onClose={() => setAction(null)} />}
      <InvoiceMarkDialogs
        key={action ? `${action.kind}-${action.bill.id}` : 'none'}
        action={action}
        onClose={() => setAction(null)}
      />
    </ListPage>
  );
}
