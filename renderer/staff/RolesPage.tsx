/**
 * /atManagement/peopleadmin (spec §2 roles, code 4-2): the roles of the
 * user's tenants with their permissions and how many members hold each;
 * "Add role" and a row's "Edit" open addpeople; "Delete" asks first and is
 * refused for a role members hold.
 */
import { Badge, Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { CODE } from '../../shared/domains.js';
import { powerKey, type RoleItem } from '../../shared/staff/index.js';
import {
  ActionButton,
  ConfirmDialog,
  DataTable,
  FilterBar,
  OverflowText,
  Pager,
  seesTenants,
  TenantFilter,
  TextFilter,
  useListPage,
  useRowDelete,
  useScreen,
  type Column,
} from '../kit/index.js';
import { ADD_ROLE_PATH, editRolePath } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalXXS },
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
  const { draft, setDraft, apply, reset, table, pager, refresh } = useListPage('staff.roles', { empty: EMPTY });
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
      ...(byTenant
        ? [
            {
              id: 'tenant',
              header: t('common.tenant'),
              minWidth: 100,
              width: 160,
              render: (r: RoleItem) => <OverflowText text={r.tenantName} />,
            },
          ]
        : []),
      { id: 'createdAt', header: t('staff.role.createdAt'), kind: 'time', value: (r) => r.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (r) => (
          <div className={styles.actions}>
            <ActionButton
              size="small"
              appearance="subtle"
              icon={<EditRegular />}
              action={() => navigate(editRolePath(r.id))}
              data-testid="role-edit"
            >
              {t('staff.role.edit')}
            </ActionButton>
            <ActionButton
              size="small"
              appearance="subtle"
              danger
              opensDialog
              icon={<DeleteRegular />}
              action={() => remove.ask(r)}
              data-testid="role-delete"
            >
              {t('staff.role.delete')}
            </ActionButton>
          </div>
        ),
      },
    ],
    [t, styles, byTenant, navigate, remove.ask],
  );

  return (
    <section className={styles.page} aria-labelledby="roles-title">
      <div className={styles.head}>
        <Title3 as="h1" id="roles-title">
          {t('staff.role.title')}
        </Title3>
        <Button
          appearance="primary"
          icon={<AddRegular />}
          onClick={() => void navigate(ADD_ROLE_PATH)}
          data-testid="role-create"
        >
          {t('staff.role.create')}
        </Button>
      </div>
      <div className={styles.filters}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="role-search" resetTestId="role-reset">
          <TextFilter
            label={t('staff.role.keyword')}
            value={draft.keyword}
            maxLength={30}
            onChange={(keyword) => setDraft((f) => ({ ...f, keyword }))}
            testId="role-filter-keyword"
          />
          <TenantFilter
            label={t('common.tenant')}
            value={draft.tenantId}
            onChange={(tenantId) => setDraft((f) => ({ ...f, tenantId }))}
            testId="role-filter-tenant"
          />
        </FilterBar>
      </div>
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
    </section>
  );
}
