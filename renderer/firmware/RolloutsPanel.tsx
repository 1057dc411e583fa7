/**
 * A package's rollouts (on its page): each with its tenant, state, devices
 * done and failed, newest first; a row opens its progress. "Push to devices"
 * opens the wizard while the package is released.
 */
import { useMemo, useState } from 'react';
import type { PackageDetail, RolloutItem } from '../../shared/firmware/index.js';
import {
  CreateButton,
  ResourceList,
  RowAction,
  RowActions,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { rolloutPath } from './paths.js';
import { RolloutDialog } from './RolloutDialog.js';
import { RolloutStateBadge } from './RolloutStateBadge.js';

const EMPTY = {};

export function RolloutsPanel({ pkg }: { pkg: PackageDetail }) {
  const { t, navigate } = useScreen();
  const [pushing, setPushing] = useState(false);
  const rollouts = useResource('firmware.rolloutPage', {
    ns: 'firmware.rollout',
    testId: 'firmware-rollout',
    empty: EMPTY,
    body: () => ({ packageId: pkg.id }),
  });
  const { column, action, tenantColumn } = rollouts;
  const columns = useMemo<Column<RolloutItem>[]>(
    () => [
      column('state', {
        header: t('firmware.state'),
        minWidth: 90,
        width: 120,
        hideable: false,
        testId: true,
        render: (r) => <RolloutStateBadge state={r.state} />,
      }),
      column('devices', { kind: 'number', minWidth: 70, value: (r) => r.devices }),
      column('done', {
        header: t('firmware.rollout.jobStates.done'),
        kind: 'number',
        minWidth: 70,
        testId: true,
        value: (r) => r.done,
      }),
      column('failed', {
        header: t('firmware.rollout.jobStates.failed'),
        kind: 'number',
        minWidth: 70,
        value: (r) => r.failed,
      }),
      ...tenantColumn(),
      column('createdBy', { minWidth: 90, fold: 2, value: (r) => r.createdBy ?? '—' }),
      column('createdAt', { kind: 'time', fold: 1, value: (r) => r.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 110,
        shrinkLast: true,
        render: (r) => (
          <RowActions compact>
            <RowAction {...action('open')} action={() => void navigate(rolloutPath(r.id))} />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, column, action, tenantColumn],
  );
  return (
    <ResourceList
      resource={rollouts}
      nested
      title={t('firmware.rollout.rollouts')}
      columns={columns}
      rowKey={(r) => r.id}
      emptyHint={t('firmware.rollout.noRollouts')}
      table={{ onRowOpen: (r) => void navigate(rolloutPath(r.id)) }}
      actions={
        pkg.state === 'released' && (
          <CreateButton onClick={() => setPushing(true)} testId="firmware-push">
            {t('firmware.rollout.push')}
          </CreateButton>
        )
      }
    >
      {pushing && (
        <RolloutDialog
          pkg={pkg}
          onClose={() => setPushing(false)}
          onCreated={(rollout) => void navigate(rolloutPath(rollout.id))}
        />
      )}
    </ResourceList>
  );
}
