/**
 * A package's rollouts (on its page): each with its tenant, state, devices
 * done and failed, newest first; a row opens its progress. "Push to devices"
 * opens the wizard while the package is released.
 */
import { Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { PackageDetail, RolloutItem } from '../../shared/firmware/index.js';
import {
  CreateButton,
  DataTable,
  ListPage,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { rolloutPath } from './paths.js';
import { RolloutDialog } from './RolloutDialog.js';
import { RolloutStateBadge } from './RolloutStateBadge.js';

const EMPTY = {};

export function RolloutsPanel({ pkg }: { pkg: PackageDetail }) {
  const { t, user, navigate } = useScreen();
  const [pushing, setPushing] = useState(false);
  const { table, pager } = useListPage('firmware.rolloutPage', {
    empty: EMPTY,
    body: () => ({ packageId: pkg.id }),
  });
  const columns = useMemo<Column<RolloutItem>[]>(
    () => [
      {
        id: 'state',
        header: t('firmware.state'),
        minWidth: 90,
        width: 120,
        hideable: false,
        cellTestId: 'firmware-rollout-row-state',
        render: (r) => <RolloutStateBadge state={r.state} />,
      },
      { id: 'devices', header: t('firmware.rollout.devices'), kind: 'number', minWidth: 70, value: (r) => r.devices },
      {
        id: 'done',
        header: t('firmware.rollout.jobStates.done'),
        kind: 'number',
        minWidth: 70,
        cellTestId: 'firmware-rollout-row-done',
        value: (r) => r.done,
      },
      {
        id: 'failed',
        header: t('firmware.rollout.jobStates.failed'),
        kind: 'number',
        minWidth: 70,
        value: (r) => r.failed,
      },
      ...tenantColumn<RolloutItem>(seesTenants(user), t('common.tenant')),
      {
        id: 'createdBy',
        header: t('firmware.rollout.createdBy'),
        minWidth: 90,
        fold: 2,
        value: (r) => r.createdBy ?? '—',
      },
      { id: 'createdAt', header: t('firmware.rollout.createdAt'), kind: 'time', fold: 1, value: (r) => r.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 110,
        shrinkLast: true,
        render: (r) => (
          <RowActions compact>
            <RowAction action={() => void navigate(rolloutPath(r.id))} testId="firmware-rollout-open">
              {t('firmware.rollout.open')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, user, navigate],
  );
  return (
    <ListPage
      id="firmware-rollouts"
      nested
      title={t('firmware.rollout.rollouts')}
      actions={
        pkg.state === 'released' && (
          <CreateButton onClick={() => setPushing(true)} testId="firmware-push">
            {t('firmware.rollout.push')}
          </CreateButton>
        )
      }
    >
      <DataTable
        label={t('firmware.rollout.rollouts')}
        columns={columns}
        {...table}
        emptyAction={<Text>{t('firmware.rollout.noRollouts')}</Text>}
        rowKey={(r) => r.id}
        rowTestId="firmware-rollout-row"
        testId="firmware-rollouts"
        onRowOpen={(r) => void navigate(rolloutPath(r.id))}
      />
      <Pager {...pager} testId="firmware-rollouts-pager" />
      {pushing && (
        <RolloutDialog
          pkg={pkg}
          onClose={() => setPushing(false)}
          onCreated={(rollout) => void navigate(rolloutPath(rollout.id))}
        />
      )}
    </ListPage>
  );
}
