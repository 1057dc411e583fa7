/**
 * /atManagement/staffManagement (spec §2 members, code 4-1): the members of
 * the user's tenants with their role, stores and state, by keyword, state
 * and tenant; create, edit, assign a role and devices (they apply from the
 * member's next action), enable / disable (disabling asks first: the member is
 * signed out at once) and delete.
 */
import { Badge } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { MEMBER_STATES, type MemberItem } from '../../shared/staff/index.js';
import {
  ChoiceFilter,
  CreateButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  RowMore,
  TenantFilter,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
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

// Disabling asks first (the member is signed out at once); POST /employee/delete takes a list (spec §7).
const COMMANDS = {
  ns: 'staff.member',
  invalidates: ['staff.page', 'staff.roles'],
  commands: {
    disable: rowCommand('staff.setState', {
      input: (m: MemberItem) => ({ body: { ids: [m.id], disabled: true } }),
      done: 'changed',
      ask: true,
      question: 'confirmDisable',
    }),
    enable: rowCommand('staff.setState', {
      input: (m: MemberItem) => ({ body: { ids: [m.id], disabled: false } }),
      done: 'changed',
    }),
    delete: rowCommand('staff.delete', {
      input: (m: MemberItem) => ({ body: { ids: [m.id] } }),
      done: 'deleted',
      ask: true,
      question: 'confirmDelete',
    }),
  },
} as const satisfies RowCommands<string, MemberItem>;

export default function MembersPage() {
  const { t } = useScreen();
  const members = useResource('staff.page', { ns: 'staff.member', testId: 'member', empty: EMPTY });
  const { column, source, action, labels, tenantColumn } = members;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { run, dialog: asking } = useRowCommands(COMMANDS, { name: (m: MemberItem) => m.name });

  const columns = useMemo<Column<MemberItem>[]>(
    () => [
      column('name', {
        minWidth: 90,
        width: 120,
        hideable: false,
        cellTestId: 'member-row-name',
        render: (m) => <OverflowText text={m.name} />,
      }),
      column('username', { minWidth: 100, width: 130, cellTestId: 'member-row-username', value: (m) => m.username }),
      column('phone', { minWidth: 110, width: 130, value: (m) => m.phone ?? '' }),
      column('role', {
        minWidth: 90,
        width: 130,
        cellTestId: 'member-row-role',
        render: (m) => <OverflowText text={m.roleName ?? t('staff.member.noRole')} />,
      }),
      column('devices', {
        minWidth: 70,
        width: 80,
        cellTestId: 'member-row-devices',
        value: (m) => (m.devices ? String(m.devices) : t('staff.member.allDevices')),
      }),
      column('stores', {
        minWidth: 90,
        width: 160,
        grow: 1,
        render: (m) => <OverflowText text={m.stores.map((s) => s.name).join(t('common.listSeparator'))} />,
      }),
      column('state', {
        minWidth: 80,
        width: 90,
        cellTestId: 'member-row-state',
        render: (m) => (
          <Badge appearance="tint" color={m.disabled ? 'danger' : 'success'}>
            {labels('states')(m.disabled ? 'disabled' : 'enabled')}
          </Badge>
        ),
      }),
      ...tenantColumn({ width: 160 }),
      column('createdAt', { kind: 'time', value: (m) => m.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 190,
        width: 200,
        shrinkLast: true,
        render: (m) => (
          <RowActions>
            <RowAction
              {...action('edit-open', t('staff.member.edit'))}
              icon={<EditRegular />}
              opensDialog
              action={() => setDialog({ kind: 'edit', member: m })}
            />
            <RowAction
              {...action('toggle', t(m.disabled ? 'staff.member.enable' : 'staff.member.disable'))}
              danger={!m.disabled}
              opensDialog={!m.disabled}
              action={() => run(m.disabled ? 'enable' : 'disable', m)}
            />
            <RowMore
              {...action('more')}
              label={t('staff.member.more')}
              items={[
                {
                  ...action('role-open', t('staff.member.bindRole')),
                  onClick: () => setDialog({ kind: 'role', member: m }),
                },
                {
                  ...action('devices-open', t('staff.member.assignDevices')),
                  onClick: () => setDialog({ kind: 'devices', member: m }),
                },
                { ...action('delete', t('staff.member.delete')), onClick: () => void run('delete', m) },
              ]}
            />
          </RowActions>
        ),
      }),
    ],
    [t, column, action, labels, tenantColumn, run],
  );

  return (
    <ResourceList
      resource={members}
      columns={columns}
      rowKey={(m) => m.id}
      actions={<CreateButton onClick={() => setDialog({ kind: 'create' })} {...action('create')} />}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state')} options={MEMBER_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {asking}
      {dialog?.kind === 'create' && <CreateMemberDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditMemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'role' && <BindRoleDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'devices' && <AssignDevicesDialog member={dialog.member} onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}
