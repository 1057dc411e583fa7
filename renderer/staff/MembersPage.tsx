/**
 * /atManagement/staffManagement (spec §2 members, code 4-1): the members of
 * the user's tenants with their role, stores and state, by keyword, state
 * and tenant; create, edit, assign a role and devices (they apply from the
 * member's next action), enable / disable (disabling asks first: the member is
 * signed out at once) and delete.
 */
import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { MEMBER_STATES, type MemberItem } from '../../shared/staff/index.js';
import { refusedWith } from '../app/errors.js';
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
import { AssignDevicesDialog } from './AssignDevicesDialog.js';
import { BindRoleDialog, CreateMemberDialog, EditMemberDialog } from './MemberDialogs.js';

interface Filter {
  keyword: string;
  state?: (typeof MEMBER_STATES)[number] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };
type Dialog = { kind: 'create' } | { kind: 'edit' | 'role' | 'devices'; member: MemberItem };

export default function MembersPage() {
  const { t, notify, report, user } = useScreen();
  const byTenant = seesTenants(user);
  const { field, apply, reset, table, pager, refresh } = useListPage('staff.page', { empty: EMPTY });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [disabling, setDisabling] = useState<MemberItem | null>(null);
  const setState = useOpMutation('staff.setState', { invalidates: ['staff.page'] });
  // POST /employee/delete takes a list (spec §7), not a row's path: the kit's row delete does not fit it.
  const [deleting, setDeleting] = useState<MemberItem | null>(null);
  const deleteMembers = useOpMutation('staff.delete', { invalidates: ['staff.page', 'staff.roles'] });
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteMembers.mutateAsync({ body: { ids: [deleting.id] } });
      notify(t('staff.member.deleted'));
    } catch (error) {
      report(error);
      if (refusedWith(error, CODE.memberNotFound)) await refresh();
    } finally {
      setDeleting(null);
    }
  };

  const change = async (member: MemberItem, disabled: boolean) => {
    try {
      await setState.mutateAsync({ body: { ids: [member.id], disabled } });
      notify(t('staff.member.changed'));
    } catch (error) {
      report(error);
      await refresh();
    }
  };

  const columns = useMemo<Column<MemberItem>[]>(
    () => [
      {
        id: 'name',
        header: t('staff.member.name'),
        minWidth: 90,
        width: 120,
        hideable: false,
        cellTestId: 'member-row-name',
        render: (m) => <OverflowText text={m.name} />,
      },
      {
        id: 'username',
        header: t('staff.member.username'),
        minWidth: 100,
        width: 130,
        cellTestId: 'member-row-username',
        value: (m) => m.username,
      },
      { id: 'phone', header: t('staff.member.phone'), minWidth: 110, width: 130, value: (m) => m.phone ?? '' },
      {
        id: 'role',
        header: t('staff.member.role'),
        minWidth: 90,
        width: 130,
        cellTestId: 'member-row-role',
        render: (m) => <OverflowText text={m.roleName ?? t('staff.member.noRole')} />,
      },
      {
        id: 'devices',
        header: t('staff.member.devices'),
        minWidth: 70,
        width: 80,
        cellTestId: 'member-row-devices',
        value: (m) => (m.devices ? String(m.devices) : t('staff.member.allDevices')),
      },
      {
        id: 'stores',
        header: t('staff.member.stores'),
        minWidth: 90,
        width: 160,
        grow: 1,
        render: (m) => <OverflowText text={m.stores.map((s) => s.name).join(t('common.listSeparator'))} />,
      },
      {
        id: 'state',
        header: t('staff.member.state'),
        minWidth: 80,
        width: 90,
        cellTestId: 'member-row-state',
        render: (m) => (
          <Badge appearance="tint" color={m.disabled ? 'danger' : 'success'}>
            {t(m.disabled ? 'staff.member.states.disabled' : 'staff.member.states.enabled')}
          </Badge>
        ),
      },
      ...tenantColumn<MemberItem>(byTenant, t('common.tenant'), { width: 160 }),
      { id: 'createdAt', header: t('staff.member.createdAt'), kind: 'time', value: (m) => m.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 190,
        width: 200,
        shrinkLast: true,
        render: (m) => (
          <RowActions>
            <RowAction
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', member: m })}
              testId="member-edit-open"
            >
              {t('staff.member.edit')}
            </RowAction>
            <RowAction
              danger={!m.disabled}
              opensDialog={!m.disabled}
              action={() => (m.disabled ? change(m, false) : setDisabling(m))}
              testId="member-toggle"
            >
              {t(m.disabled ? 'staff.member.enable' : 'staff.member.disable')}
            </RowAction>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<MoreHorizontalRegular />}
                  aria-label={t('staff.member.more')}
                  title={t('staff.member.more')}
                  data-testid="member-more"
                />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem onClick={() => setDialog({ kind: 'role', member: m })} data-testid="member-role-open">
                    {t('staff.member.bindRole')}
                  </MenuItem>
                  <MenuItem onClick={() => setDialog({ kind: 'devices', member: m })} data-testid="member-devices-open">
                    {t('staff.member.assignDevices')}
                  </MenuItem>
                  <MenuItem onClick={() => setDeleting(m)} data-testid="member-delete">
                    {t('staff.member.delete')}
                  </MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          </RowActions>
        ),
      },
    ],
    [t, byTenant],
  );

  return (
    <ListPage
      id="members-title"
      title={t('staff.member.title')}
      actions={
        <CreateButton onClick={() => setDialog({ kind: 'create' })} testId="member-create">
          {t('staff.member.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="member-search" resetTestId="member-reset">
          <TextFilter
            label={t('staff.member.keyword')}
            {...field('keyword')}
            maxLength={50}
            testId="member-filter-keyword"
          />
          <ChoiceFilter
            label={t('staff.member.state')}
            {...field('state')}
            options={MEMBER_STATES}
            optionLabel={(s) => t(`staff.member.states.${s}`)}
            all={t('common.all')}
            testId="member-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="member-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('staff.member.title')}
        columns={columns}
        {...table}
        rowKey={(m) => m.id}
        rowTestId="member-row"
        testId="member-table"
      />
      <Pager {...pager} testId="member-pager" />
      <ConfirmDialog
        open={disabling !== null}
        danger
        title={t('staff.member.disable')}
        text={disabling ? t('staff.member.confirmDisable', { name: disabling.name }) : ''}
        confirmLabel={t('staff.member.disable')}
        onConfirm={async () => {
          if (disabling) await change(disabling, true);
          setDisabling(null);
        }}
        onCancel={() => setDisabling(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('staff.member.delete')}
        text={t('staff.member.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('staff.member.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {dialog?.kind === 'create' && <CreateMemberDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditMemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'role' && <BindRoleDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'devices' && <AssignDevicesDialog member={dialog.member} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
