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
import {
  ChoiceFilter,
  CreateButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  TenantFilter,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
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

const toState = (state: CustomerState) => (c: CustomerItem) => ({ params: { id: c.id }, body: { state } });
const COMMANDS = {
  ns: 'customer.account',
  invalidates: ['customer.page', 'customer.info'],
  commands: {
    disable: rowCommand('customer.setState', {
      input: toState('disabled'),
      done: 'changed',
      ask: true,
      question: 'confirmDisable',
    }),
    enable: rowCommand('customer.setState', { input: toState('normal'), done: 'changed' }),
  },
} as const satisfies RowCommands<string, CustomerItem>;

export default function AccountsPage() {
  const { t, user, navigate } = useScreen();
  const staffList = mayOpen(user, '8-2');
  const customers = useResource('customer.page', { ns: 'customer.account', testId: 'customer', empty: EMPTY });
  const { column, source, action, labels, tenantColumn } = customers;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { run, dialog: asking } = useRowCommands(COMMANDS, { name: (c: CustomerItem) => c.name });

  const columns = useMemo<Column<CustomerItem>[]>(
    () => [
      column('name', {
        minWidth: 140,
        width: 260,
        grow: 1,
        hideable: false,
        cellTestId: 'customer-row-name',
        render: (c) => <OverflowText text={c.name} />,
      }),
      column('username', {
        minWidth: 100,
        width: 130,
        cellTestId: 'customer-row-username',
        value: (c) => c.username ?? '',
      }),
      column('state', {
        minWidth: 80,
        width: 90,
        cellTestId: 'customer-row-state',
        render: (c) => (
          <Badge appearance="tint" color={c.state === 'disabled' ? 'danger' : 'success'}>
            {labels('states')(c.state)}
          </Badge>
        ),
      }),
      column('buyNow', {
        minWidth: 90,
        width: 100,
        value: (c) => t(c.buyNow ? 'customer.account.buyNowOn' : 'customer.account.buyNowOff'),
      }),
      column('points', {
        kind: 'number',
        minWidth: 80,
        width: 90,
        cellTestId: 'customer-row-points',
        value: (c) => c.points,
      }),
      column('staff', { kind: 'number', minWidth: 70, width: 80, value: (c) => c.staff }),
      ...tenantColumn({ width: 160 }),
      column('createdAt', { kind: 'time', value: (c) => c.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 220,
        width: 240,
        shrinkLast: true,
        render: (c) => (
          <RowActions>
            <RowAction
              {...action('edit-open', t('customer.account.edit'))}
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', customer: c })}
            />
            <RowAction
              {...action('toggle', t(c.state === 'disabled' ? 'customer.account.enable' : 'customer.account.disable'))}
              danger={c.state === 'normal'}
              opensDialog={c.state === 'normal'}
              action={() => run(c.state === 'disabled' ? 'enable' : 'disable', c)}
            />
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
      }),
    ],
    [t, staffList, navigate, column, action, labels, tenantColumn, run],
  );

  return (
    <ResourceList
      resource={customers}
      title={t('customer.route.customerAccounts')}
      columns={columns}
      rowKey={(c) => c.id}
      table={{ onRowOpen: (c) => void navigate(bindGroupPath(c.id)) }}
      actions={<CreateButton onClick={() => setDialog({ kind: 'create' })} {...action('create')} />}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state')} options={CUSTOMER_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {asking}
      {dialog?.kind === 'create' && <CreateCustomerDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditCustomerDialog customer={dialog.customer} onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}
