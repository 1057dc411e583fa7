/**
 * /sceneadmin (spec §2 scene linkage, code 2-9): the tenant's scenes with
 * their devices and status; create and edit, open the detail page with the
 * menu, disable (asked first; "deactivated successfully") and enable, delete.
 */
import { Badge } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { SCENE_STATES, type SceneDetail, type SceneItem } from '../../shared/scene/index.js';
import { callOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { sceneDetailPath } from './paths.js';
import { SceneFormDialog } from './SceneFormDialog.js';

interface Filter {
  keyword: string;
  status?: SceneItem['status'] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };
const COMMANDS = {
  ns: 'scene',
  invalidates: ['scene.page', 'scene.info', 'scene.deviceOptions'],
  commands: {
    disable: { op: 'scene.disable', done: 'disabled', ask: true },
    enable: { op: 'scene.enable', done: 'enabled' },
    delete: { op: 'scene.delete', done: 'deleted', ask: true },
  },
} as const satisfies RowCommands<string, SceneItem>;

export default function SceneListPage() {
  const { t, report, navigate, client } = useScreen();
  const scenes = useResource('scene.page', { ns: 'scene', testId: 'scene', empty: EMPTY });
  const { column, action, source, labels, tenantColumn, refresh } = scenes;
  const [editing, setEditing] = useState<SceneDetail | 'new' | null>(null);

  const commands = useRowCommands(COMMANDS, {
    name: (s: SceneItem) => s.name,
    failed: t('scene.actionFailed'),
  });
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
      column('id', { kind: 'number', value: (s) => s.id }),
      column('name', {
        render: (s) => <OverflowText text={s.name} />,
        minWidth: 120,
        width: 200,
        grow: 2,
        testId: true,
        hideable: false,
      }),
      ...tenantColumn({ width: 160 }),
      column('devices', {
        header: t('scene.deviceCount'),
        minWidth: 90,
        width: 130,
        value: (s) => t('scene.devicesCell', { count: s.deviceCount, online: s.onlineCount }),
      }),
      column('nodes', { kind: 'number', value: (s) => s.nodeCount }),
      column('notes', { render: (s) => <OverflowText text={s.notes} />, minWidth: 96, width: 160, grow: 1 }),
      column('status', {
        minWidth: 80,
        width: 100,
        testId: true,
        render: (s) => (
          <Badge appearance="tint" color={s.status === 'normal' ? 'success' : 'informative'}>
            {labels('states')(s.status)}
          </Badge>
        ),
      }),
      column('updatedAt', { kind: 'time', value: (s) => s.updatedAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 200,
        width: 240,
        shrinkLast: true,
        render: (s) => (
          <RowActions compact wrap>
            <RowAction {...action('open')} action={() => void navigate(sceneDetailPath(s.id))} />
            <RowAction {...action('edit')} opensDialog action={() => edit(s)} />
            {s.status === 'normal' ? (
              <RowAction {...action('disable')} danger opensDialog action={() => commands.run('disable', s)} />
            ) : (
              <RowAction {...action('enable')} action={() => commands.run('enable', s)} />
            )}
            <RowAction {...action('delete')} danger opensDialog action={() => commands.run('delete', s)} />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, column, action, labels, tenantColumn, commands.run],
  );

  return (
    <ResourceList
      resource={scenes}
      columns={columns}
      rowKey={(s) => s.id}
      actions={<CreateButton onClick={() => setEditing('new')} {...action('create')} />}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={30} />
          <ChoiceFilter {...source('status')} options={SCENE_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {editing && (
        <SceneFormDialog
          scene={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {commands.dialog}
    </ResourceList>
  );
}
