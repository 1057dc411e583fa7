/**
 * /marketing/scene (spec §2 scene marketing, §3 Activity, §4 states): the
 * activities of the user's tenants by name, type, state, device, scene and
 * tenant — each with its tag, its time (and extension), its state, how many
 * devices or scenes it applies to, and the orders and discount it has given
 * (refunded and undelivered orders gave theirs back). A row opens the
 * activity; edit (while not started), disable or enable, and terminate (asks
 * first) from the row; "New activity" chooses a type first (create).
 */
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ACTIVITY_STATES, ACTIVITY_TYPES, type ActivityItem } from '../../shared/activity/index.js';
import { formatTime } from '../../shared/format.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  EditAction,
  IdChoiceFilter,
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
import { activityPath, chooseTypePath, editActivityPath } from './paths.js';
import { RewardsDialog } from './RewardsDialog.js';
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
  const [rewarding, setRewarding] = useState(false);
  const activities = useResource('activity.page', { ns: 'activity', testId: 'activity', empty: EMPTY });
  const { column, source, action, labels, tenantColumn, refresh } = activities;
  const actions = useActivityActions({ refresh });
  const { act } = actions;
  // The devices and scenes to filter by: the user's own tenant's (the admin filters by tenant and name).
  const choices = useOp('activity.choices', { body: {} }, { enabled: user.tenantId !== null, staleTime: 60_000 });

  const columns = useMemo<Column<ActivityItem>[]>(
    () => [
      column('name', {
        minWidth: 120,
        width: 180,
        grow: 1,
        hideable: false,
        cellTestId: 'activity-row-name',
        render: (a) => <OverflowText text={a.name} />,
      }),
      column('type', {
        minWidth: 90,
        width: 120,
        cellTestId: 'activity-row-type',
        value: (a) => labels('types')(a.type),
      }),
      column('tag', { minWidth: 70, width: 100, fold: 3, render: (a) => <OverflowText text={a.tag} /> }),
      column('time', {
        minWidth: 150,
        width: 300,
        // To the minute: an activity's seconds say nothing, and the two times fit one line.
        value: (a) => `${formatTime(a.startAt).slice(0, 16)} – ${formatTime(a.extendedEndAt ?? a.endAt).slice(0, 16)}`,
      }),
      column('state', {
        minWidth: 90,
        width: 100,
        cellTestId: 'activity-row-state',
        render: (a) => <StateBadge state={a.state} />,
      }),
      column('targets', {
        header: t('activity.target'),
        minWidth: 80,
        width: 100,
        fold: 2,
        value: (a) => `${labels('targets')(a.target)} · ${t('activity.targetsCount', { count: a.targets })}`,
      }),
      column('uses', {
        kind: 'number',
        minWidth: 70,
        width: 90,
        cellTestId: 'activity-row-uses',
        value: (a) => a.uses,
      }),
      column('discount', { kind: 'money', minWidth: 80, width: 100, fold: 2, value: (a) => a.discount }),
      ...tenantColumn(),
      column('createdAt', { kind: 'time', fold: 1, value: (a) => a.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 200,
        width: 260,
        shrinkLast: true,
        render: (a) => (
          <RowActions compact wrap>
            <RowAction {...action('open')} icon={<OpenRegular />} action={() => void navigate(activityPath(a.id))} />
            {a.state === 'notStarted' && (
              <EditAction action={() => void navigate(editActivityPath(a.id))} testId="activity-edit" />
            )}
            {a.state === 'disabled' ? (
              <RowAction {...action('enable')} action={() => act('enable', a)} />
            ) : a.state === 'active' || a.state === 'notStarted' ? (
              <RowAction {...action('disable')} action={() => act('disable', a)} />
            ) : null}
            {(a.state === 'active' || a.state === 'notStarted' || a.state === 'disabled') && (
              <RowAction {...action('terminate')} danger opensDialog action={() => act('terminate', a)} />
            )}
          </RowActions>
        ),
      }),
    ],
    [t, navigate, act, column, action, labels, tenantColumn],
  );

  return (
    <ResourceList
      resource={activities}
      title={t('activity.route.sceneMarketing')}
      columns={columns}
      rowKey={(a) => a.id}
      emptyHint={t('activity.empty')}
      table={{ onRowOpen: (a) => void navigate(activityPath(a.id)) }}
      actions={
        <>
          {/* The rewards are a tenant's own: the admin has none to set. */}
          {user.roleKind !== 'admin' && (
            <Button onClick={() => setRewarding(true)} data-testid="activity-rewards-open">
              {t('activity.rewards.open')}
            </Button>
          )}
          <CreateButton onClick={() => void navigate(chooseTypePath)} {...action('create')} />
        </>
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('type')} options={ACTIVITY_TYPES} optionLabel={labels('types')} />
          <ChoiceFilter {...source('state')} options={ACTIVITY_STATES} optionLabel={labels('states')} />
          <IdChoiceFilter {...source('deviceId', t('activity.device'))} items={choices.data?.devices} />
          <IdChoiceFilter {...source('sceneId', t('activity.scene'))} items={choices.data?.scenes} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {actions.dialog}
      {rewarding && <RewardsDialog onClose={() => setRewarding(false)} />}
    </ResourceList>
  );
}
