/**
 * /costumeMent/staffPage (spec §2 enterprise staff list, code 8-2; the
 * enterprise account's whole console): the staff of one customer or all the
 * user reaches — an enterprise account sees its own — by name, card or
 * phone; add one, import a sheet, edit, delete one or the selection. `?customerId=` (from
 * the accounts list) starts on that customer.
 */
import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import type { CustomerStaffItem } from '../../shared/customer/index.js';
import { refusedWith } from '../app/errors.js';
import { idOfQuery } from '../app/paths.js';
import { useOpMutation } from '../bridge.js';
import {
  ConfirmDialog,
  FilterField,
  OverflowText,
  ResourceList,
  TextFilter,
  useResource,
  useScreen,
  useSelection,
  type Column,
  RowAction,
  RowActions,
  CreateButton,
} from '../kit/index.js';
import { CustomerDropdown } from './CustomerDropdown.js';
import { ImportDialog } from './ImportDialog.js';
import { StaffDialog } from './StaffDialogs.js';

interface Filter {
  keyword: string;
  customerId?: number | undefined;
}
type Dialog = { kind: 'create' | 'import' } | { kind: 'edit'; staff: CustomerStaffItem };

export default function StaffPage() {
  const { t, notify, report, user } = useScreen();
  const [params] = useSearchParams();
  const enterprise = user.roleKind === 'enterprise';
  const [empty] = useState<Filter>(() => ({
    keyword: '',
    customerId: enterprise ? undefined : idOfQuery(params.get('customerId')),
  }));
  const staff = useResource('customer.staffPage', { ns: 'customer.staff', testId: 'customer-staff', empty });
  const { column, source, action, field, rows, filter, refresh } = staff;
  const pick = useSelection(rows);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<CustomerStaffItem[] | null>(null);
  const remove = useOpMutation('customer.staffDelete', {
    invalidates: ['customer.staffPage', 'customer.page', 'customer.info'],
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const done = await remove.mutateAsync({ body: { ids: deleting.map((s) => s.id) } });
      notify(t('customer.staff.deleted', { count: done.deleted }));
      pick.clear();
    } catch (error) {
      report(error);
      if (refusedWith(error, CODE.customerStaffNotFound)) await refresh();
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo<Column<CustomerStaffItem>[]>(
    () => [
      column('name', { minWidth: 90, width: 120, hideable: false, render: (s) => <OverflowText text={s.name} /> }),
      column('position', { minWidth: 90, width: 120, value: (s) => s.position }),
      column('cardId', { minWidth: 100, width: 130, testId: true, value: (s) => s.cardId }),
      column('phone', { minWidth: 110, width: 130, value: (s) => s.phone }),
      column('remark', { minWidth: 100, width: 180, grow: 1, render: (s) => <OverflowText text={s.remark} /> }),
      ...(enterprise
        ? []
        : [column('customer', { minWidth: 120, width: 200, render: (s) => <OverflowText text={s.customerName} /> })]),
      column('createdAt', { kind: 'time', value: (s) => s.createdAt }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (s) => (
          <RowActions>
            <RowAction
              {...action('edit')}
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', staff: s })}
            />
            <RowAction {...action('delete')} danger opensDialog action={() => setDeleting([s])} />
          </RowActions>
        ),
      }),
    ],
    [t, enterprise, column, action],
  );

  const chosen = rows.filter((r) => pick.selected.has(r.id));
  return (
    <ResourceList
      resource={staff}
      title={t('customer.route.customerStaff')}
      columns={columns}
      rowKey={(s) => s.id}
      actions={
        <>
          <Button
            icon={<DeleteRegular />}
            disabled={!chosen.length}
            onClick={() => setDeleting(chosen)}
            data-testid="customer-staff-delete-selected"
          >
            {t('customer.staff.deleteSelected')}
          </Button>
          <Button
            icon={<ArrowUploadRegular />}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="customer-staff-import"
          >
            {t('customer.importing.open')}
          </Button>
          <CreateButton onClick={() => setDialog({ kind: 'create' })} testId="customer-staff-create">
            {t('customer.staff.create')}
          </CreateButton>
        </>
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          {!enterprise && (
            <FilterField label={t('customer.staff.customer')}>
              <CustomerDropdown
                {...field('customerId')}
                placeholder={t('customer.staff.allCustomers')}
                allLabel={t('customer.staff.allCustomers')}
                testId="customer-staff-filter-customer"
              />
            </FilterField>
          )}
        </>
      }
      table={{
        selection: pick.table((s) => s.name, t('customer.route.customerStaff')),
      }}
    >
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('customer.staff.delete')}
        text={
          deleting?.length === 1
            ? t('customer.staff.confirmDelete', { name: deleting[0]!.name })
            : t('customer.staff.confirmDeleteMany', { count: deleting?.length ?? 0 })
        }
        confirmLabel={t('customer.staff.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {dialog?.kind === 'import' && (
        <ImportDialog chooseCustomer={!enterprise} customerId={filter.customerId} onClose={() => setDialog(null)} />
      )}
      {dialog && dialog.kind !== 'import' && (
        <StaffDialog
          staff={dialog.kind === 'edit' ? dialog.staff : undefined}
          chooseCustomer={!enterprise}
          customerId={filter.customerId}
          onClose={() => setDialog(null)}
        />
      )}
    </ResourceList>
  );
}
