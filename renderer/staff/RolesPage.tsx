/**
 * /atManagement/peopleadmin (spec §2 roles, code 4-2): the roles of the
 * user's tenants with their permissions and how many members hold each;
 * "Add role" and a row's "Edit" open addpeople; "Delete" asks first and is
 * refused for a role members hold.
 */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { powerKey, type RoleItem } from '../../shared/staff/index.js';
import {
  CreateButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  rowDelete,
  useRowCommands,
  type RowCommands,
  useScreen,
  type Column,
} from '../kit/index.js';
import { ADD_ROLE_PATH, editRolePath } from './paths.js';

const useStyles = makeStyles({
  powers: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXS,
    paddingTop: '2px',
    paddingBottom: '2px',
  },
});

interface Filter {
  keyword: string;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

// A refusal (gone meanwhile, or given to a member meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', RoleItem> = {
  ns: 'staff.role',
  invalidates: ['staff.roles', 'staff.page'],
  commands: {
    delete: rowDelete('staff.deleteRole', {
      title: 'delete',
      question: 'confirmDelete',
      confirmLabel: 'staff.role.delete',
    }),
  },
};

export default function RolesPage() {
  const { t, navigate } = useScreen();
  const styles = useStyles();
  const roles = useResource('staff.roles', { ns: 'staff.role', testId: 'role', empty: EMPTY });
  const { column, source, action, tenantColumn } = roles;
  const { run, dialog } = useRowCommands(COMMANDS, { name: (r) => r.name });

  const columns = useMemo<Column<RoleItem>[]>(
    () => [
      column('name', {
        minWidth: 110,
        width: 150,
        hideable: false,
        testId: true,
        render: (r) => <OverflowText text={r.name} />,
      }),
      column('powers', {
        minWidth: 200,
        width: 340,
        grow: 3,
        testId: true,
        render: (r) => (
          <div className={styles.powers}>
            {r.powers.map((p) => (
              <Badge key={p} appearance="tint" color="informative">
                {t(`staff.power.${powerKey(p)}.name` as 'staff.power.p1_1.name')}
              </Badge>
            ))}
          </div>
        ),
      }),
      column('description', {
        minWidth: 100,
        width: 200,
        grow: 1,
        render: (r) => <OverflowText text={r.description} />,
      }),
      column('members', { kind: 'number', minWidth: 70, width: 80, testId: true, value: (r) => r.members }),
      ...tenantColumn({ width: 160 }),
      column('createdAt', { kind: 'time', value: (r) => r.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (r) => (
          <RowActions>
            <RowAction {...action('edit')} icon={<EditRegular />} action={() => navigate(editRolePath(r.id))} />
            <RowAction
              {...action('delete')}
              danger
              opensDialog
              icon={<DeleteRegular />}
              action={() => void run('delete', r)}
            />
          </RowActions>
        ),
      }),
    ],
    [t, styles, navigate, run, column, action, tenantColumn],
  );

  return (
    <ResourceList
      resource={roles}
      columns={columns}
      rowKey={(r) => r.id}
      actions={<CreateButton onClick={() => void navigate(ADD_ROLE_PATH)} {...action('create')} />}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={30} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {dialog}
    </ResourceList>
  );
}
