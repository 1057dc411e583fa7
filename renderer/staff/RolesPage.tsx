/**
 * /atManagement/peopleadmin (spec §2 roles, code 4-2): the roles of the
 * user's tenants with their permissions and how many members hold each;
 * "Add role" and a row's "Edit" open addpeople; "Delete" asks first and is
 * refused for a role members hold.
 */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { CODE } from '../../shared/domains.js';
import { powerKey, type RoleItem } from '../../shared/staff/index.js';
import {
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
  useRowDelete,
  useScreen,
  type Column,
  RowAction,
  RowActions,
  ListPage,
  CreateButton,
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

export default function RolesPage() {
  const { t, navigate, user } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(user);
  const { field, apply, reset, table, pager, refresh } = useListPage('staff.roles', { empty: EMPTY });
  const remove = useRowDelete<'staff.deleteRole', RoleItem>('staff.deleteRole', {
    invalidates: ['staff.roles', 'staff.page'],
    deleted: t('staff.role.deleted'),
    stale: [CODE.roleNotFound, CODE.roleInUse],
    refresh,
  });

  const columns = useMemo<Column<RoleItem>[]>(
    () => [
      {
        id: 'name',
        header: t('staff.role.name'),
        minWidth: 110,
        width: 150,
        hideable: false,
        cellTestId: 'role-name',
        render: (r) => <OverflowText text={r.name} />,
      },
      {
        id: 'powers',
        header: t('staff.role.powers'),
        minWidth: 200,
        width: 340,
        grow: 3,
        cellTestId: 'role-powers',
        render: (r) => (
          <div className={styles.powers}>
            {r.powers.map((p) => (
              <Badge key={p} appearance="tint" color="informative">
                {t(`staff.power.${powerKey(p)}.name` as 'staff.power.p1_1.name')}
              </Badge>
            ))}
          </div>
        ),
      },
      {
        id: 'description',
        header: t('staff.role.description'),
        minWidth: 100,
        width: 200,
        grow: 1,
        render: (r) => <OverflowText text={r.description} />,
      },
      {
        id: 'members',
        header: t('staff.role.members'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'role-members',
        value: (r) => r.members,
      },
      ...tenantColumn<RoleItem>(byTenant, t('common.tenant'), { width: 160 }),
      { id: 'createdAt', header: t('staff.role.createdAt'), kind: 'time', value: (r) => r.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (r) => (
          <RowActions>
            <RowAction icon={<EditRegular />} action={() => navigate(editRolePath(r.id))} testId="role-edit">
              {t('staff.role.edit')}
            </RowAction>
            <RowAction danger opensDialog icon={<DeleteRegular />} action={() => remove.ask(r)} testId="role-delete">
              {t('staff.role.delete')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, styles, byTenant, navigate, remove.ask],
  );

  return (
    <ListPage
      id="roles-title"
      title={t('staff.role.title')}
      actions={
        <CreateButton onClick={() => void navigate(ADD_ROLE_PATH)} testId="role-create">
          {t('staff.role.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="role-search" resetTestId="role-reset">
          <TextFilter
            label={t('staff.role.keyword')}
            {...field('keyword')}
            maxLength={30}
            testId="role-filter-keyword"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="role-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('staff.role.title')}
        columns={columns}
        {...table}
        rowKey={(r) => r.id}
        rowTestId="role-row"
        testId="role-table"
      />
      <Pager {...pager} testId="role-pager" />
      <ConfirmDialog
        {...remove.dialog}
        danger
        title={t('staff.role.delete')}
        text={t('staff.role.confirmDelete', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('staff.role.delete')}
      />
    </ListPage>
  );
}
