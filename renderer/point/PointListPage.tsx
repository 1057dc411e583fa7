/** /pointMent/pointList (spec §2 pointList, §5 point rules), built from the list kit. */
import { useCallback, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import type { PointItem } from '../../shared/point/index.js';
import { can } from '../app/session.js';
import { ConfirmDialog, Pager, useListPage, useRowDelete, useScreen, ListPage, CreateButton } from '../kit/index.js';
import { EMPTY_FILTER, PointFilters } from './PointFilters.js';
import { bindDevicePath } from './paths.js';
import { PointFormDialog } from './PointFormDialog.js';
import { PointTable } from './PointTable.js';

/** The dialog in use: none, create, or edit a point. */
type Editing = { point?: PointItem } | null;

export default function PointListPage() {
  const { t, user, navigate } = useScreen();

  const { field, apply, reset, refresh, table, pager } = useListPage('point.page', { empty: EMPTY_FILTER });
  const [editing, setEditing] = useState<Editing>(null);

  // Gone meanwhile (1410) or given a device meanwhile (1411): show the list as it is now.
  const remove = useRowDelete<'point.delete', PointItem>('point.delete', {
    invalidates: ['point.page'],
    deleted: t('point.deleted'),
    stale: [CODE.pointNotFound, CODE.pointHasDevices],
    refresh,
  });

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
        onDelete={remove.ask}
      />
      <Pager {...pager} testId="point-pager" />
      {editing && (
        <PointFormDialog point={editing.point} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      <ConfirmDialog
        {...remove.dialog}
        danger
        title={t('point.deleteTitle')}
        text={t('point.deleteConfirm', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('common.delete')}
      />
    </ListPage>
  );
}
