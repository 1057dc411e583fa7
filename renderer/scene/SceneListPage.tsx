/**
 * /sceneadmin (spec §2 scene linkage, code 2-9): the tenant's scenes with
 * their devices and status; create and edit, open the detail page with the
 * menu, disable (asked first; "deactivated successfully") and enable, delete.
 */
import { Badge } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { SCENE_STATES, type SceneDetail, type SceneItem } from '../../shared/scene/index.js';
import { callOp, useOpMutation } from '../bridge.js';
import { useUser } from '../app/session.js';
import {
  ConfirmDialog,
  DataTable,
  FilterBar,
  OverflowText,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  tenantColumn,
  type Column,
  useScreen,
  TextFilter,
  RowAction,
  RowActions,
  ListPage,
  CreateButton,
  ChoiceFilter,
} from '../kit/index.js';
import { sceneDetailPath } from './paths.js';
import { SceneFormDialog } from './SceneFormDialog.js';

interface Filter {
  keyword: string;
  status?: SceneItem['status'] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function SceneListPage() {
  const { t, notify, report, navigate, client } = useScreen();
  const byTenant = seesTenants(useUser());
  const { field, apply, reset, refresh, table, pager } = useListPage('scene.page', { empty: EMPTY });
  const [editing, setEditing] = useState<SceneDetail | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'disable' | 'delete'; scene: SceneItem } | null>(null);

  const disable = useOpMutation('scene.disable', { invalidates: ['scene.page', 'scene.info'] });
  const enable = useOpMutation('scene.enable', { invalidates: ['scene.page', 'scene.info'] });
  const remove = useOpMutation('scene.delete', { invalidates: ['scene.page', 'scene.deviceOptions'] });

  const act = async (kind: 'disable' | 'enable' | 'delete', scene: SceneItem) => {
    try {
      if (kind === 'delete') await remove.mutateAsync({ params: { id: scene.id } });
      else await (kind === 'disable' ? disable : enable).mutateAsync({ params: { id: scene.id } });
      notify(t(kind === 'disable' ? 'scene.disabled' : kind === 'enable' ? 'scene.enabled' : 'scene.deleted'));
    } catch (error) {
      report(error, { fallback: t('scene.actionFailed') });
      // A refusal says the row is not as shown (already disabled elsewhere, gone): the list reads it again.
      void client.invalidateQueries({ queryKey: ['scene.page'] });
    }
  };
  const edit = async (scene: SceneItem) => {
    try {
      setEditing(
        await client.fetchQuery({
          queryKey: ['scene.info', { params: { id: scene.id } }],
          queryFn: () => callOp('scene.info', { params: { id: scene.id } }),
        }),
      );
    } catch (error) {
      report(error, { fallback: t('common.loadFailed') });
    }
  };

  const columns = useMemo<Column<SceneItem>[]>(
    () => [
      { id: 'id', header: t('scene.id'), kind: 'number', value: (s) => s.id },
      {
        id: 'name',
        header: t('scene.name'),
        render: (s) => <OverflowText text={s.name} />,
        minWidth: 120,
        width: 200,
        grow: 2,
        cellTestId: 'scene-name',
        hideable: false,
      },
      ...tenantColumn<SceneItem>(byTenant, t('common.tenant'), { width: 160 }),
      {
        id: 'devices',
        header: t('scene.deviceCount'),
        minWidth: 90,
        width: 130,
        value: (s) => t('scene.devicesCell', { count: s.deviceCount, online: s.onlineCount }),
      },
      { id: 'nodes', header: t('scene.nodes'), kind: 'number', value: (s) => s.nodeCount },
      {
        id: 'notes',
        header: t('scene.notes'),
        render: (s) => <OverflowText text={s.notes} />,
        minWidth: 96,
        width: 160,
        grow: 1,
      },
      {
        id: 'status',
        header: t('scene.status'),
        minWidth: 80,
        width: 100,
        cellTestId: 'scene-status',
        render: (s) => (
          <Badge appearance="tint" color={s.status === 'normal' ? 'success' : 'informative'}>
            {t(`scene.states.${s.status}`)}
          </Badge>
        ),
      },
      { id: 'updatedAt', header: t('scene.updatedAt'), kind: 'time', value: (s) => s.updatedAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 200,
        width: 240,
        shrinkLast: true,
        render: (s) => (
          <RowActions compact wrap>
            <RowAction action={() => void navigate(sceneDetailPath(s.id))} testId="scene-open">
              {t('scene.open')}
            </RowAction>
            <RowAction opensDialog action={() => edit(s)} testId="scene-edit">
              {t('scene.edit')}
            </RowAction>
            {s.status === 'normal' ? (
              <RowAction
                danger
                opensDialog
                action={() => setConfirm({ kind: 'disable', scene: s })}
                testId="scene-disable"
              >
                {t('scene.disable')}
              </RowAction>
            ) : (
              <RowAction action={() => act('enable', s)} testId="scene-enable">
                {t('scene.enable')}
              </RowAction>
            )}
            <RowAction danger opensDialog action={() => setConfirm({ kind: 'delete', scene: s })} testId="scene-delete">
              {t('scene.delete')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, byTenant, navigate],
  );

  return (
    <ListPage
      id="scene-list-title"
      title={t('scene.title')}
      actions={
        <CreateButton onClick={() => setEditing('new')} testId="scene-create">
          {t('scene.create')}
        </CreateButton>
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="scene-search" resetTestId="scene-reset">
          <TextFilter label={t('scene.keyword')} {...field('keyword')} maxLength={30} testId="scene-filter-keyword" />
          <ChoiceFilter
            label={t('scene.status')}
            {...field('status')}
            options={SCENE_STATES}
            optionLabel={(s) => t(`scene.states.${s}`)}
            testId="scene-filter-status"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="scene-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('scene.title')}
        columns={columns}
        {...table}
        rowKey={(s) => s.id}
        rowTestId="scene-row"
        testId="scene-table"
      />
      <Pager {...pager} testId="scene-pager" />
      {editing && (
        <SceneFormDialog
          scene={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        danger
        title={t(confirm?.kind === 'delete' ? 'scene.delete' : 'scene.disable')}
        text={t(confirm?.kind === 'delete' ? 'scene.deleteConfirm' : 'scene.disableConfirm', {
          name: confirm?.scene.name ?? '',
        })}
        confirmLabel={t(confirm?.kind === 'delete' ? 'scene.delete' : 'scene.disable')}
        onConfirm={async () => {
          if (confirm) await act(confirm.kind, confirm.scene);
          setConfirm(null);
        }}
        onCancel={() => setConfirm(null)}
      />
    </ListPage>
  );
}
