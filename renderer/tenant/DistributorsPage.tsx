/**
 * /tenant/people (spec §2 distributor list, code 7-1): the distributors the
 * user manages — every tenant for the system admin, its second-level tenants
 * for a first-level tenant — by keyword and state; create, edit, reset a
 * password, the member config, and enable / disable one or a selection
 * (disabling asks first: their users are signed out at once). A name opens
 * the distributor's page, with every setting in tabs.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { TENANT_STATES, type TenantItem } from '../../shared/tenant/index.js';
import { mayOpen, mayOpenPath } from '../app/session.js';
import { callOp, useOpMutation } from '../bridge.js';
import {
  BulkAction,
  BulkBar,
  ChoiceFilter,
  ConfirmDialog,
  CreateButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  RowMore,
  TextFilter,
  useResource,
  useScreen,
  useSelection,
  type Column,
} from '../kit/index.js';
import {
  CreateDistributorDialog,
  EditDistributorDialog,
  MemberConfigDialog,
  PaymentDialog,
  ResetPasswordDialog,
} from './DistributorDialogs.js';
import {
  DISTRIBUTOR_PRODUCTS_PATH,
  distributorDevicesPath,
  distributorPath,
  distributorProductsPath,
} from './paths.js';

const useStyles = makeStyles({
  link: {
    minWidth: 0,
    maxWidth: '100%',
    paddingLeft: 0,
    paddingRight: 0,
    justifyContent: 'flex-start',
    fontWeight: tokens.fontWeightRegular,
  },
});

interface Filter {
  keyword: string;
  state?: (typeof TENANT_STATES)[number] | undefined;
}
const EMPTY: Filter = { keyword: '' };
const stateOf = (d: TenantItem): (typeof TENANT_STATES)[number] => (d.disabled ? 'disabled' : 'enabled');
type Dialog = { kind: 'create' } | { kind: 'edit' | 'reset' | 'member' | 'payment'; tenant: TenantItem };

export default function DistributorsPage() {
  const { t, notify, report, user, navigate } = useScreen();
  const styles = useStyles();
  const admin = user.roleKind === 'admin';
  // Hands devices to a second-level distributor (7-3).
  const moves = mayOpen(user, '7-3');
  const products = mayOpenPath(user, DISTRIBUTOR_PRODUCTS_PATH);
  const distributors = useResource('tenant.page', { ns: 'tenant.people', testId: 'distributor', empty: EMPTY });
  const { column, source, action, labels, text, filter, rows } = distributors;
  const selection = useSelection(rows, filter, (r) => r.tenantId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [disabling, setDisabling] = useState<TenantItem[] | null>(null);
  const [member, setMember] = useState<{ cardName: string; members: boolean; points: boolean } | null>(null);
  const state = useOpMutation('tenant.setState', { invalidates: ['tenant.page', 'tenant.detail', 'tenant.list'] });
  // A first-level tenant creates its second-level ones; a second-level tenant none.
  const mayCreate = admin || (user.roleKind === 'tenant' && user.parentTenantId === null);

  const change = async (ids: number[], disabled: boolean) => {
    try {
      const { changed } = await state.mutateAsync({ body: { ids, disabled } });
      notify(t('tenant.people.changed', { count: changed }));
      selection.clear();
    } catch (error) {
      report(error, { fallback: t('tenant.people.saveFailed') });
    }
  };
  const openMember = async (tenant: TenantItem) => {
    try {
      const detail = await callOp('tenant.detail', { params: { id: tenant.tenantId } });
      setMember(detail.memberConfig);
      setDialog({ kind: 'member', tenant });
    } catch (error) {
      report(error);
    }
  };

  const columns = useMemo<Column<TenantItem>[]>(
    () => [
      column('name', {
        minWidth: 140,
        width: 220,
        grow: 2,
        hideable: false,
        cellTestId: 'distributor-row-name',
        render: (d) => (
          <Button
            className={styles.link}
            appearance="transparent"
            onClick={() => void navigate(distributorPath(d.tenantId))}
            data-testid="distributor-open"
          >
            <OverflowText text={d.name} />
          </Button>
        ),
      }),
      column('username', {
        minWidth: 100,
        width: 130,
        value: (d) => d.username ?? '—',
        cellTestId: 'distributor-row-username',
      }),
      column('contact', { fold: 2, minWidth: 110, width: 130, value: (d) => d.contact }),
      ...(admin
        ? [column('parent', { minWidth: 110, width: 180, render: (d) => <OverflowText text={d.parentName ?? '—'} /> })]
        : []),
      column('devices', { fold: 3, kind: 'number', value: (d) => d.devices }),
      ...(admin ? [column('children', { fold: 3, kind: 'number', value: (d) => d.children })] : []),
      column('state', {
        minWidth: 80,
        width: 90,
        cellTestId: 'distributor-row-state',
        render: (d) => (
          <Badge appearance="tint" color={d.disabled ? 'danger' : 'success'}>
            {labels('states')(stateOf(d))}
          </Badge>
        ),
      }),
      column('createdAt', { fold: 1, kind: 'time', value: (d) => d.createdAt }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 190,
        width: 210,
        shrinkLast: true,
        render: (d) => (
          <RowActions>
            <RowAction
              {...action('edit-open', text('edit'))}
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', tenant: d })}
            />
            <RowAction
              danger={!d.disabled}
              opensDialog={!d.disabled}
              action={() => (d.disabled ? change([d.tenantId], false) : setDisabling([d]))}
              testId="distributor-toggle"
            >
              {t(d.disabled ? 'tenant.people.enable' : 'tenant.people.disable')}
            </RowAction>
            <RowMore
              label={t('tenant.people.more')}
              testId="distributor-more"
              items={[
                {
                  children: t('callback.title'),
                  onClick: () => void navigate(distributorPath(d.tenantId, 'callbacks')),
                  testId: 'distributor-callbacks-open',
                },
                {
                  children: t('tenant.people.resetPassword'),
                  onClick: () => setDialog({ kind: 'reset', tenant: d }),
                  testId: 'distributor-reset-open',
                },
                {
                  children: t('tenant.people.memberConfig'),
                  onClick: () => void openMember(d),
                  testId: 'distributor-member-open',
                },
                {
                  children: t('payment.title'),
                  onClick: () => setDialog({ kind: 'payment', tenant: d }),
                  testId: 'distributor-payment-open',
                },
                {
                  children: t('tenant.people.products'),
                  onClick: () => void navigate(distributorProductsPath(d.tenantId)),
                  testId: 'distributor-products-open',
                  shown: products,
                },
                {
                  children: t('tenant.devices.open'),
                  onClick: () => void navigate(distributorDevicesPath(d.tenantId)),
                  testId: 'distributor-devices-open',
                  shown: d.parent !== null && moves,
                },
              ]}
            />
          </RowActions>
        ),
      }),
    ],
    [t, styles, admin, moves, products, navigate, column, action, labels, text],
  );

  const chosen = rows.filter((r) => selection.ids.includes(r.tenantId));
  const none = chosen.length === 0;
  return (
    <ResourceList
      resource={distributors}
      columns={columns}
      rowKey={(d) => d.tenantId}
      actions={
        mayCreate && (
          <CreateButton onClick={() => setDialog({ kind: 'create' })} testId="distributor-create">
            {text('create')}
          </CreateButton>
        )
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state')} options={TENANT_STATES} optionLabel={labels('states')} />
        </>
      }
      aboveTable={
        <BulkBar label={t('tenant.people.selected', { count: chosen.length })} testId="distributor-selected">
          <BulkAction
            disabled={none}
            action={() =>
              change(
                chosen.map((c) => c.tenantId),
                false,
              )
            }
            testId="distributor-bulk-enable"
          >
            {t('tenant.people.enableSelected')}
          </BulkAction>
          <BulkAction
            disabled={none}
            danger
            opensDialog
            action={() => setDisabling(chosen)}
            testId="distributor-bulk-disable"
          >
            {t('tenant.people.disableSelected')}
          </BulkAction>
        </BulkBar>
      }
      table={{
        selection: selection.table((d) => t('tenant.people.selectRow', { name: d.name }), text('selectAll')),
      }}
    >
      <ConfirmDialog
        open={disabling !== null}
        danger
        title={t('tenant.people.disable')}
        text={
          disabling
            ? t('tenant.people.confirmDisable', { names: disabling.map((d) => d.name).join(t('common.listSeparator')) })
            : ''
        }
        confirmLabel={t('tenant.people.disable')}
        onConfirm={async () => {
          if (disabling)
            await change(
              disabling.map((d) => d.tenantId),
              true,
            );
          setDisabling(null);
        }}
        onCancel={() => setDisabling(null)}
      />
      {dialog?.kind === 'create' && <CreateDistributorDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditDistributorDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'member' && member && (
        <MemberConfigDialog tenant={dialog.tenant} current={member} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'payment' && <PaymentDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}
