/**
 * /marketing/group (spec §2 customer group, §3 Group): the customer groups of
 * the user's tenants by name, state and tenant — each with its identifier,
 * how its members come in, how many it counts, how many identifiers wait to
 * be claimed and how many claims wait for review. A row opens the group's
 * page; edit, disable (asks first), enable and delete (asks first) from the
 * row; "New group" opens addgroup.
 */
import { Badge, Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { GROUP_STATES, type GroupItem } from '../../shared/group/index.js';
import {
  ChoiceFilter,
  CreateButton,
  DataTable,
  DeleteAction,
  EditAction,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { editGroupPath, groupPath, newGroupPath } from './paths.js';
import { useGroupActions } from './useGroupActions.js';

interface Filter {
  keyword: string;
  state?: (typeof GROUP_STATES)[number] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function GroupsPage() {
  const { t, user, navigate } = useScreen();
  const { field, unfiltered, apply, reset, table, pager, refresh } = useListPage('group.page', { empty: EMPTY });
  const actions = useGroupActions({ refresh });
  const { ask } = actions;

  // Short of width the times fold first: how a group fills and how many wait to be claimed are what it is managed by,
  // and a first-level tenant, whose list has a tenant column more, should see them as a second-level one does.
  const columns = useMemo<Column<GroupItem>[]>(
    () => [
      {
        id: 'name',
        header: t('group.name'),
        minWidth: 110,
        width: 170,
        grow: 1,
        hideable: false,
        cellTestId: 'group-row-name',
        render: (g) => <OverflowText text={g.name} />,
      },
      {
        id: 'definition',
        header: t('group.definition'),
        minWidth: 120,
        width: 220,
        grow: 1,
        render: (g) => <OverflowText text={g.definition} />,
      },
      {
        id: 'identifier',
        header: t('group.identifier'),
        minWidth: 80,
        width: 100,
        value: (g) => t(`group.identifiers.${g.identifier}`),
      },
      {
        id: 'importMethod',
        header: t('group.importMethod'),
        minWidth: 90,
        width: 110,
        fold: 3,
        value: (g) => t(`group.importMethods.${g.importMethod}`),
      },
      {
        id: 'size',
        header: t('group.size'),
        kind: 'number',
        minWidth: 70,
        width: 90,
        cellTestId: 'group-row-size',
        value: (g) => g.size,
      },
      {
        id: 'inactive',
        header: t('group.inactive'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        fold: 4,
        value: (g) => g.inactive,
      },
      {
        id: 'pending',
        header: t('group.pending'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'group-row-pending',
        value: (g) => g.pending,
      },
      {
        id: 'state',
        header: t('group.state'),
        minWidth: 70,
        width: 90,
        cellTestId: 'group-row-state',
        render: (g) => (
          <Badge appearance="tint" color={g.state === 'normal' ? 'success' : 'informative'}>
            {t(`group.states.${g.state}`)}
          </Badge>
        ),
      },
      {
        id: 'computedAt',
        header: t('group.computedAt'),
        kind: 'time',
        fold: 2,
        cellTestId: 'group-row-computed',
        value: (g) => g.computedAt ?? '',
      },
      ...tenantColumn<GroupItem>(seesTenants(user), t('common.tenant')),
      { id: 'createdAt', header: t('group.createdAt'), kind: 'time', fold: 1, value: (g) => g.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 200,
        width: 260,
        shrinkLast: true,
        render: (g) => (
          <RowActions compact wrap>
            <RowAction icon={<OpenRegular />} action={() => void navigate(groupPath(g.id))} testId="group-open">
              {t('group.open')}
            </RowAction>
            <EditAction action={() => void navigate(editGroupPath(g.id))} testId="group-edit" />
            {g.state === 'normal' ? (
              <RowAction danger opensDialog action={() => ask('disable', g)} testId="group-disable">
                {t('group.disable')}
              </RowAction>
            ) : (
              <RowAction action={() => ask('enable', g)} testId="group-enable">
                {t('group.enable')}
              </RowAction>
            )}
            <DeleteAction opensDialog action={() => ask('delete', g)} testId="group-delete" />
          </RowActions>
        ),
      },
    ],
    [t, user, navigate, ask],
  );

  return (
    <ListPage
      id="groups-title"
      title={t('group.route.customerGroups')}
      actions={
        <CreateButton onClick={() => void navigate(newGroupPath)} testId="group-create">
          {t('group.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="group-search" resetTestId="group-reset">
          <TextFilter label={t('group.keyword')} {...field('keyword')} maxLength={50} testId="group-filter-keyword" />
          <ChoiceFilter
            label={t('group.state')}
            {...field('state')}
            options={GROUP_STATES}
            optionLabel={(s) => t(`group.states.${s}`)}
            testId="group-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="group-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('group.route.customerGroups')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="group-empty-hint">{t('group.empty')}</Text> : undefined}
        rowKey={(g) => g.id}
        rowTestId="group-row"
        testId="group-table"
        onRowOpen={(g) => void navigate(groupPath(g.id))}
      />
      <Pager {...pager} testId="group-pager" />
      {actions.dialog}
    </ListPage>
  );
}
