/**
 * /marketing/scene (spec §2 scene marketing, §3 Activity, §4 states): the
 * activities of the user's tenants by name, type, state, device, scene and
 * tenant — each with its tag, its time (and extension), its state, how many
 * devices or scenes it applies to, and the orders and discount it has given
 * (refunded and undelivered orders gave theirs back). A row opens the
 * activity; edit (while not started), disable or enable, and terminate (asks
 * first) from the row; "New activity" chooses a type first (create).
 */
import { Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { ACTIVITY_STATES, ACTIVITY_TYPES, type ActivityItem } from '../../shared/activity/index.js';
import { formatTime } from '../../shared/format.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  DataTable,
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
import { activityPath, chooseTypePath, editActivityPath } from './paths.js';
import { StateBadge } from './StateBadge.js';
import { useActivityActions } from './useActivityActions.js';

interface Filter {
  keyword: string;
  type?: (typeof ACTIVITY_TYPES)[number] | undefined;
  state?: (typeof ACTIVITY_STATES)[number] | undefined;
  deviceId?: number | undefined;
  sceneId?: number | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function ActivitiesPage() {
  const { t, user, navigate } = useScreen();
  const { field, unfiltered, apply, reset, table, pager, refresh } = useListPage('activity.page', { empty: EMPTY });
  const actions = useActivityActions({ refresh });
  const { act } = actions;
  // The devices and scenes to filter by: the user's own tenant's (the admin filters by tenant and name).
  const choices = useOp('activity.choices', { body: {} }, { enabled: user.tenantId !== null, staleTime: 60_000 });
  const deviceIds = useMemo(() => (choices.data?.devices ?? []).map((d) => String(d.id)), [choices.data]);
  const sceneIds = useMemo(() => (choices.data?.scenes ?? []).map((s) => String(s.id)), [choices.data]);
  const nameOf = (list: readonly { id: number; name: string }[] | undefined, id: string) =>
    list?.find((x) => String(x.id) === id)?.name ?? id;

  const columns = useMemo<Column<ActivityItem>[]>(
    () => [
      {
        id: 'name',
        header: t('activity.name'),
        minWidth: 120,
        width: 180,
        grow: 1,
        hideable: false,
        cellTestId: 'activity-row-name',
        render: (a) => <OverflowText text={a.name} />,
      },
      {
        id: 'type',
        header: t('activity.type'),
        minWidth: 90,
        width: 120,
        cellTestId: 'activity-row-type',
        value: (a) => t(`activity.types.${a.type}`),
      },
      {
        id: 'tag',
        header: t('activity.tag'),
        minWidth: 70,
        width: 100,
        fold: 3,
        render: (a) => <OverflowText text={a.tag} />,
      },
      {
        id: 'time',
        header: t('activity.time'),
        minWidth: 150,
        width: 300,
        // To the minute: an activity's seconds say nothing, and the two times fit one line.
        value: (a) => `${formatTime(a.startAt).slice(0, 16)} – ${formatTime(a.extendedEndAt ?? a.endAt).slice(0, 16)}`,
      },
      {
        id: 'state',
        header: t('activity.state'),
        minWidth: 90,
        width: 100,
        cellTestId: 'activity-row-state',
        render: (a) => <StateBadge state={a.state} />,
      },
      {
        id: 'targets',
        header: t('activity.target'),
        minWidth: 80,
        width: 100,
        fold: 2,
        value: (a) => `${t(`activity.targets.${a.target}`)} · ${t('activity.targetsCount', { count: a.targets })}`,
      },
      {
        id: 'uses',
        header: t('activity.uses'),
        kind: 'number',
        minWidth: 70,
        width: 90,
        cellTestId: 'activity-row-uses',
        value: (a) => a.uses,
      },
      {
        id: 'discount',
        header: t('activity.discount'),
        kind: 'money',
        minWidth: 80,
        width: 100,
        fold: 2,
        value: (a) => a.discount,
      },
      ...tenantColumn<ActivityItem>(seesTenants(user), t('common.tenant')),
      { id: 'createdAt', header: t('activity.createdAt'), kind: 'time', fold: 1, value: (a) => a.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 200,
        width: 260,
        shrinkLast: true,
        render: (a) => (
          <RowActions compact wrap>
            <RowAction icon={<OpenRegular />} action={() => void navigate(activityPath(a.id))} testId="activity-open">
              {t('activity.open')}
            </RowAction>
            {a.state === 'notStarted' && (
              <EditAction action={() => void navigate(editActivityPath(a.id))} testId="activity-edit" />
            )}
            {a.state === 'disabled' ? (
              <RowAction action={() => act('enable', a)} testId="activity-enable">
                {t('activity.enable')}
              </RowAction>
            ) : a.state === 'active' || a.state === 'notStarted' ? (
              <RowAction action={() => act('disable', a)} testId="activity-disable">
                {t('activity.disable')}
              </RowAction>
            ) : null}
            {(a.state === 'active' || a.state === 'notStarted' || a.state === 'disabled') && (
              <RowAction danger opensDialog action={() => act('terminate', a)} testId="activity-terminate">
                {t('activity.terminate')}
              </RowAction>
            )}
          </RowActions>
        ),
      },
    ],
    [t, user, navigate, act],
  );

  return (
    <ListPage
      id="activities-title"
      title={t('activity.route.sceneMarketing')}
      actions={
        <CreateButton onClick={() => void navigate(chooseTypePath)} testId="activity-create">
          {t('activity.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="activity-search" resetTestId="activity-reset">
          <TextFilter
            label={t('activity.keyword')}
            {...field('keyword')}
            maxLength={50}
            testId="activity-filter-keyword"
          />
          <ChoiceFilter
            label={t('activity.type')}
            {...field('type')}
            options={ACTIVITY_TYPES}
            optionLabel={(s) => t(`activity.types.${s}`)}
            testId="activity-filter-type"
          />
          <ChoiceFilter
            label={t('activity.state')}
            {...field('state')}
            options={ACTIVITY_STATES}
            optionLabel={(s) => t(`activity.states.${s}`)}
            testId="activity-filter-state"
          />
          {deviceIds.length > 0 && (
            <ChoiceFilter
              label={t('activity.device')}
              value={field('deviceId').value === undefined ? undefined : String(field('deviceId').value)}
              onChange={(v) => field('deviceId').onChange(v === undefined ? undefined : Number(v))}
              options={deviceIds}
              optionLabel={(id) => nameOf(choices.data?.devices, id)}
              testId="activity-filter-device"
            />
          )}
          {sceneIds.length > 0 && (
            <ChoiceFilter
              label={t('activity.scene')}
              value={field('sceneId').value === undefined ? undefined : String(field('sceneId').value)}
              onChange={(v) => field('sceneId').onChange(v === undefined ? undefined : Number(v))}
              options={sceneIds}
              optionLabel={(id) => nameOf(choices.data?.scenes, id)}
              testId="activity-filter-scene"
            />
          )}
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="activity-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('activity.route.sceneMarketing')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="activity-empty-hint">{t('activity.empty')}</Text> : undefined}
        rowKey={(a) => a.id}
        rowTestId="activity-row"
        testId="activity-table"
        onRowOpen={(a) => void navigate(activityPath(a.id))}
      />
      <Pager {...pager} testId="activity-pager" />
      {actions.dialog}
    </ListPage>
  );
}
