/**
 * /bill (spec §2 bill, §3 Bill): the renewals paid for — payment order
 * number, service, amount, platform, date, state — newest first, by number,
 * platform, state and tenant; each paid bill's invoice (InvoiceActions.tsx).
 */
import { makeStyles, type BadgeProps } from '@fluentui/react-components';
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
import { InvoiceWizard } from './InvoiceWizard.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ExportButton,
  ChoiceFilter,
  filterBody,
  ResourceList,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  useScreen,
  type Column,
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
  const { t } = useScreen();
  const styles = useStyles();
  const bills = useResource('billing.bills', { ns: 'billing.bills', testId: 'bill', empty: EMPTY });
  const { column, source, labels, badge, tenantColumn, filter } = bills;
  const [action, setAction] = useState<InvoiceAction>(null);
  const platform = (p: RenewalItem['platform']) => t(`billing.renew.platforms.${p}`);
  const columns = useMemo<Column<RenewalItem>[]>(
    () => [
      column('number', { minWidth: 170, width: 190, value: (b) => b.number, testId: true, hideable: false }),
      column('service', {
        minWidth: 160,
        width: 230,
        grow: 2,
        value: (b) => t('billing.bills.serviceName', { count: b.deviceCount, months: b.months }),
      }),
      column('amount', { kind: 'money', value: (b) => b.amount, testId: true }),
      column('platform', { fold: 1, minWidth: 80, width: 100, value: (b) => platform(b.platform) }),
      column('date', { kind: 'time', value: (b) => b.paidAt ?? b.createdAt }),
      column('state', {
        minWidth: 88,
        width: 110,
        testId: true,
        render: badge('states', STATE_COLOURS, (b) => b.state),
      }),
      ...tenantColumn({ fold: 2 }),
      column('invoice', {
        header: t('billing.invoice.column'),
        minWidth: 100,
        width: 170,
        render: (b) => <InvoiceCell bill={b} />,
      }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 260,
        render: (b) => (
          <RowActions>
            <InvoiceButtons bill={b} onAction={setAction} />
          </RowActions>
        ),
      }),
    ],
    [t, column, labels, badge, tenantColumn],
  );

  return (
    <ResourceList
      resource={bills}
      title={t('route.bill')}
      columns={columns}
      rowKey={(b) => b.id}
      filters={
        <>
          <TextFilter {...source('number')} maxLength={32} />
          <ChoiceFilter {...source('platform')} options={RENEWAL_PLATFORMS} optionLabel={platform} />
          <ChoiceFilter {...source('state')} options={RENEWAL_STATES} optionLabel={labels('states')} />
          <ChoiceFilter
            {...source('invoice', t('billing.invoice.column'))}
            options={INVOICE_FILTERS}
            optionLabel={(s) => (s === 'none' ? t('billing.invoice.none') : t(`billing.invoice.states.${s}`))}
          />
          <TenantFilter {...source('tenantId')} />
        </>
      }
      aboveTable={
        <div className={styles.tools}>
          <ExportButton
            make={() => callOp('billing.exportBills', { query: { lang: currentLang() }, body: filterBody(filter) })}
            saved={(count) => t('billing.bills.exported', { count })}
            testId="bill-export"
          >
            {t('billing.bills.export')}
          </ExportButton>
        </div>
      }
    >
      {action?.kind === 'apply' && <InvoiceWizard bill={action.bill} onClose={() => setAction(null)} />}
      <InvoiceMarkDialogs
        key={action ? `${action.kind}-${action.bill.id}` : 'none'}
        action={action}
        onClose={() => setAction(null)}
      />
    </ResourceList>
  );
}
