/** /pointMent/pointList (spec §2 pointList, §5 point rules), built from the list kit. */
import { useCallback, useState } from 'react';
import type { PointItem } from '../../shared/point/index.js';
import { can } from '../app/session.js';
import {
  Pager,
  rowDelete,
  useListPage,
  useRowCommands,
  useScreen,
  ListPage,
  CreateButton,
  type RowCommands,
} from '../kit/index.js';
import { EMPTY_FILTER, PointFilters } from './PointFilters.js';
import { bindDevicePath } from './paths.js';
import { PointFormDialog } from './PointFormDialog.js';
import { PointTable } from './PointTable.js';

/** The dialog in use: none, create, or edit a point. */
type Editing = { point?: PointItem } | null;

// A refusal (gone meanwhile, or given a device meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', PointItem> = {
  ns: 'point',
  invalidates: ['point.page'],
  commands: { delete: rowDelete('point.delete') },
};

export default function PointListPage() {
  const { t, user, navigate } = useScreen();

  const { field, apply, reset, refresh, table, pager } = useListPage('point.page', { empty: EMPTY_FILTER });
  const [editing, setEditing] = useState<Editing>(null);

  const { run, dialog } = useRowCommands(COMMANDS, { name: (p) => p.name });
  const onDelete = useCallback((point: PointItem) => void run('delete', point), [run]);

  const onEdit = useCallback((point: PointItem) => setEditing({ point }), []);
  const onBind = useCallback((point: PointItem) => void navigate(bindDevicePath(point.id)), [navigate]);
  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {t('point.create')}
    </CreateButton>
  );

  return (
    <ListPage
      id="point-list-title"
      title={t('point.route.pointList')}
      filters={
        <>
          <PointFilters field={field} apply={apply} reset={reset} />
          {create('point-create')}
        </>
      }
    >
      <PointTable
        {...table}
        emptyAction={create('point-empty-create')}
        canBind={can(user, '3-2')}
        onEdit={onEdit}
        onBind={onBind}
        onDelete={onDelete}
      />
      <Pager {...pager} testId="point-pager" />
      {editing && (
        <PointFormDialog point={editing.point} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      {dialog}
    </ListPage>
  );
}
