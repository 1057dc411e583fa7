/**
 * /marketing/group (spec §2 customer group, §3 Group): the customer groups of
 * the user's tenants by name, state and tenant — each with its identifier,
 * how its members come in, how many it counts, how many identifiers wait to
 * be claimed and how many claims wait for review. A row opens the group's
 * page; edit, disable (asks first), enable and delete (asks first) from the
 * row; "New group" opens addgroup.
 */
import { Badge } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { GROUP_STATES, type GroupItem } from '../../shared/group/index.js';
import {
  ChoiceFilter,
  CreateButton,
  DeleteAction,
  EditAction,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
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
  const { t, navigate } = useScreen();
  const groups = useResource('group.page', { ns: 'group', testId: 'group', empty: EMPTY });
  const { column, source, labels, tenantColumn, refresh } = groups;
  const actions = useGroupActions({ refresh });
  const { ask } = actions;

  // Short of width the times fold first: how a group fills and how many wait to be claimed are what it is managed by,
  // and a first-level tenant, whose list has a tenant column more, should see them as a second-level one does.
  const columns = useMemo<Column<GroupItem>[]>(
    () => [
      column('name', {
        minWidth: 110,
        width: 170,
        grow: 1,
        hideable: false,
        cellTestId: 'group-row-name',
        render: (g) => <OverflowText text={g.name} />,
      }),
      column('definition', { minWidth: 120, width: 220, grow: 1, render: (g) => <OverflowText text={g.definition} /> }),
      column('identifier', { minWidth: 80, width: 100, value: (g) => labels('identifiers')(g.identifier) }),
      column('importMethod', {
        minWidth: 90,
        width: 110,
        fold: 3,
        value: (g) => labels('importMethods')(g.importMethod),
      }),
      column('size', { kind: 'number', minWidth: 70, width: 90, cellTestId: 'group-row-size', value: (g) => g.size }),
      column('inactive', { kind: 'number', minWidth: 70, width: 80, fold: 4, value: (g) => g.inactive }),
      column('pending', {
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'group-row-pending',
        value: (g) => g.pending,
      }),
      column('state', {
        minWidth: 70,
        width: 90,
        cellTestId: 'group-row-state',
        render: (g) => (
          <Badge appearance="tint" color={g.state === 'normal' ? 'success' : 'informative'}>
            {labels('states')(g.state)}
          </Badge>
        ),
      }),
      column('computedAt', {
        kind: 'time',
        fold: 2,
        cellTestId: 'group-row-computed',
        value: (g) => g.computedAt ?? '',
      }),
      ...tenantColumn(),
      column('createdAt', { kind: 'time', fold: 1, value: (g) => g.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
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
      }),
    ],
    [t, navigate, ask, column, labels, tenantColumn],
  );

  return (
    <ResourceList
      resource={groups}
      title={t('group.route.customerGroups')}
      columns={columns}
      rowKey={(g) => g.id}
      emptyHint={t('group.empty')}
      table={{ onRowOpen: (g) => void navigate(groupPath(g.id)) }}
      actions={
        <CreateButton onClick={() => void navigate(newGroupPath)} testId="group-create">
          {t('group.create')}
        </CreateButton>
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state')} options={GROUP_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {actions.dialog}
    </ResourceList>
  );
}
