/**
 * /bill (spec §2 bill, §3 Bill): the renewals paid for — payment order
 * number, service, amount, platform, date, state — newest first, by number,
 * platform, state and tenant; each paid bill's invoice (InvoiceActions.tsx).
 */
import { Badge, makeStyles, Title3, tokens, type BadgeProps } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import {
  INVOICE_STATES,
  RENEWAL_PLATFORMS,
  RENEWAL_STATES,
  type InvoiceState,
  type RenewalItem,
  type RenewalState,
} from '../../shared/billing/index.js';
import { InvoiceButtons, InvoiceCell, InvoiceMarkDialogs, XLSX_MIME, type InvoiceAction } from './InvoiceActions.js';
import { InvoiceWizard } from './InvoiceWizard.js';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { callOp } from '../bridge.js';
import { saveFile } from '../app/save.js';
import { currentLang } from '../i18n/index.js';
import {
  ActionButton,
  filterBody,
  Choice,
  DataTable,
  FilterBar,
  FilterField,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  useScreen,
  type Column,
  TextFilter,
} from '../kit/index.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  dropdown: { minWidth: 0, width: '100%' },
  actions: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalXXS },
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
  const { draft, setDraft, apply, reset, filter, table, pager } = useListPage('billing.bills', { empty: EMPTY });
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
      ...(byTenant
        ? [
            {
              id: 'tenant',
              fold: 2,
              header: t('common.tenant'),
              value: (b: RenewalItem) => b.tenantName,
              minWidth: 96,
              width: 150,
            },
          ]
        : []),
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
          <div className={styles.actions}>
            <InvoiceButtons bill={b} onAction={setAction} />
          </div>
        ),
      },
    ],
    [t, byTenant, styles],
  );

  return (
    <section className={styles.page} aria-labelledby="bill-title">
      <Title3 as="h1" id="bill-title">
        {t('route.bill')}
      </Title3>
      <div className={styles.head}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="bill-search" resetTestId="bill-reset">
          <TextFilter
            label={t('billing.bills.number')}
            value={draft.number}
            maxLength={32}
            onChange={(number) => setDraft((f) => ({ ...f, number }))}
            testId="bill-filter-number"
          />
          <FilterField label={t('billing.bills.platform')}>
            <Choice
              className={styles.dropdown}
              value={draft.platform}
              options={RENEWAL_PLATFORMS}
              label={(p) => t(`billing.renew.platforms.${p}`)}
              all={t('common.all')}
              onChange={(platform) => setDraft((f) => ({ ...f, platform }))}
              testId="bill-filter-platform"
            />
          </FilterField>
          <FilterField label={t('billing.bills.state')}>
            <Choice
              className={styles.dropdown}
              value={draft.state}
              options={RENEWAL_STATES}
              label={(s) => t(`billing.bills.states.${s}`)}
              all={t('common.all')}
              onChange={(state) => setDraft((f) => ({ ...f, state }))}
              testId="bill-filter-state"
            />
          </FilterField>
          <FilterField label={t('billing.invoice.column')}>
            <Choice
              className={styles.dropdown}
              value={draft.invoice}
              options={INVOICE_FILTERS}
              label={(s) => (s === 'none' ? t('billing.invoice.none') : t(`billing.invoice.states.${s}`))}
              all={t('common.all')}
              onChange={(invoice) => setDraft((f) => ({ ...f, invoice }))}
              testId="bill-filter-invoice"
            />
          </FilterField>
          <TenantFilter
            label={t('common.tenant')}
            value={draft.tenantId}
            onChange={(tenantId) => setDraft((f) => ({ ...f, tenantId }))}
            testId="bill-filter-tenant"
          />
        </FilterBar>
      </div>
      <div className={styles.tools}>
        <ActionButton
          icon={<ArrowDownloadRegular />}
          action={async () => {
            try {
              const sheet = await callOp('billing.exportBills', {
                query: { lang: currentLang() },
                body: filterBody(filter),
              });
              if (await saveFile(sheet.name, XLSX_MIME, sheet.data))
                notify(t('billing.bills.exported', { count: sheet.rows }));
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
    </section>
  );
}
