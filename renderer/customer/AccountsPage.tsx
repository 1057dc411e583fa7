/**
 * /costumeMent/costume (spec §2 enterprise accounts, code 8-1): the
 * enterprise customers of the user's tenants with their platform account,
 * state, buy now and go, bound points and staff count, by keyword, state
 * and tenant; create, edit, enable / disable (disabling asks first: the
 * account is signed out and its staff cards stop), and the way to a
 * customer's points and prices (bindGroup) and to its staff list.
 */
import { Badge, Button } from '@fluentui/react-components';
import { EditRegular, LocationRegular, PeopleRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { CUSTOMER_STATES, type CustomerItem, type CustomerState } from '../../shared/customer/index.js';
import { mayOpen } from '../app/session.js';
import { useOpMutation } from '../bridge.js';
import {
  ChoiceFilter,
  ConfirmDialog,
  DataTable,
  FilterBar,
  OverflowText,
  Pager,
  seesTenants,
  tenantColumn,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
  RowAction,
  RowActions,
  ListPage,
  CreateButton,
} from '../kit/index.js';
import { CreateCustomerDialog, EditCustomerDialog } from './AccountDialogs.js';
import { bindGroupPath, staffPagePath } from './paths.js';

interface Filter {
  keyword: string;
  state?: CustomerState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };
type Dialog = { kind: 'create' } | { kind: 'edit'; customer: CustomerItem };

export default function AccountsPage() {
  const { t, notify, report, user, navigate } = useScreen();
  const byTenant = seesTenants(user);
  const staffList = mayOpen(user, '8-2');
  const { field, apply, reset, table, pager, refresh } = useListPage('customer.page', { empty: EMPTY });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [disabling, setDisabling] = useState<CustomerItem | null>(null);
  const setState = useOpMutation('customer.setState', { invalidates: ['customer.page', 'customer.info'] });

  const change = async (customer: CustomerItem, state: CustomerState) => {
    try {
      await setState.mutateAsync({ params: { id: customer.id }, body: { state } });
      notify(t('customer.account.changed'));
    } catch (error) {
      report(error);
      await refresh();
    }
  };

  const columns = useMemo<Column<CustomerItem>[]>(
    () => [
      {
        id: 'name',
        header: t('customer.account.name'),
        minWidth: 140,
        width: 260,
        grow: 1,
        hideable: false,
        cellTestId: 'customer-row-name',
        render: (c) => <OverflowText text={c.name} />,
      },
      {
        id: 'username',
        header: t('customer.account.username'),
        minWidth: 100,
        width: 130,
        cellTestId: 'customer-row-username',
        value: (c) => c.username ?? '',
      },
      {
        id: 'state',
        header: t('customer.account.state'),
        minWidth: 80,
        width: 90,
        cellTestId: 'customer-row-state',
        render: (c) => (
          <Badge appearance="tint" color={c.state === 'disabled' ? 'danger' : 'success'}>
            {t(`customer.account.states.${c.state}`)}
          </Badge>
        ),
      },
      {
        id: 'buyNow',
        header: t('customer.account.buyNow'),
        minWidth: 90,
        width: 100,
        value: (c) => t(c.buyNow ? 'customer.account.buyNowOn' : 'customer.account.buyNowOff'),
      },
      {
        id: 'points',
        header: t('customer.account.points'),
        kind: 'number',
        minWidth: 80,
        width: 90,
        cellTestId: 'customer-row-points',
        value: (c) => c.points,
      },
      {
        id: 'staff',
        header: t('customer.account.staff'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        value: (c) => c.staff,
      },
      ...tenantColumn<CustomerItem>(byTenant, t('common.tenant'), { width: 160 }),
      { id: 'createdAt', header: t('customer.account.createdAt'), kind: 'time', value: (c) => c.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 220,
        width: 240,
        shrinkLast: true,
        render: (c) => (
          <RowActions>
            <RowAction
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', customer: c })}
              testId="customer-edit-open"
            >
              {t('customer.account.edit')}
            </RowAction>
            <RowAction
              danger={c.state === 'normal'}
              opensDialog={c.state === 'normal'}
              action={() => (c.state === 'disabled' ? change(c, 'normal') : setDisabling(c))}
              testId="customer-toggle"
            >
              {t(c.state === 'disabled' ? 'customer.account.enable' : 'customer.account.disable')}
            </RowAction>
            <Button
              size="small"
              appearance="subtle"
              icon={<LocationRegular />}
              onClick={() => void navigate(bindGroupPath(c.id))}
              data-testid="customer-open"
            >
              {t('customer.account.open')}
            </Button>
            {staffList && (
              <Button
                size="small"
                appearance="subtle"
                icon={<PeopleRegular />}
                aria-label={t('customer.account.staffList')}
                title={t('customer.account.staffList')}
                onClick={() => void navigate(staffPagePath(c.id))}
                data-testid="customer-staff-open"
              />
            )}
          </RowActions>
        ),
      },
    ],
    [t, byTenant, staffList, navigate],
  );

  return (
    <ListPage
      id="customers-title"
      title={t('customer.route.customerAccounts')}
      actions={
        <CreateButton onClick={() => setDialog({ kind: 'create' })} testId="customer-create">
          {t('customer.account.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="customer-search" resetTestId="customer-reset">
          <TextFilter
            label={t('customer.account.keyword')}
            {...field('keyword')}
            maxLength={50}
            testId="customer-filter-keyword"
          />
          <ChoiceFilter
            label={t('customer.account.state')}
            {...field('state')}
            options={CUSTOMER_STATES}
            optionLabel={(s) => t(`customer.account.states.${s}`)}
            all={t('common.all')}
            testId="customer-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="customer-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('customer.route.customerAccounts')}
        columns={columns}
        {...table}
        rowKey={(c) => c.id}
        rowTestId="customer-row"
        testId="customer-table"
        onRowOpen={(c) => void navigate(bindGroupPath(c.id))}
      />
      <Pager {...pager} testId="customer-pager" />
      <ConfirmDialog
        open={disabling !== null}
        danger
        title={t('customer.account.disable')}
        text={disabling ? t('customer.account.confirmDisable', { name: disabling.name }) : ''}
        confirmLabel={t('customer.account.disable')}
        onConfirm={async () => {
          if (disabling) await change(disabling, 'disabled');
          setDisabling(null);
        }}
        onCancel={() => setDisabling(null)}
      />
      {dialog?.kind === 'create' && <CreateCustomerDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditCustomerDialog customer={dialog.customer} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
