/** /pointMent/pointList (spec §2 pointList, §5 point rules), built from the list kit. */
import { Button, makeStyles, Title3, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import type { PointItem } from '../../shared/point/index.js';
import { can } from '../app/session.js';
import { ConfirmDialog, Pager, useListPage, useRowDelete, useScreen } from '../kit/index.js';
import { EMPTY_FILTER, PointFilters } from './PointFilters.js';
import { bindDevicePath } from './paths.js';
import { PointFormDialog } from './PointFormDialog.js';
import { PointTable } from './PointTable.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** The dialog in use: none, create, or edit a point. */
type Editing = { point?: PointItem } | null;

export default function PointListPage() {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const restoreTarget = useRestoreFocusTarget();

  const { draft, setDraft, apply, reset, refresh, table, pager } = useListPage('point.page', { empty: EMPTY_FILTER });
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
    <Button
      appearance="primary"
      icon={<AddRegular />}
      onClick={() => setEditing({})}
      data-testid={testId}
      {...restoreTarget}
    >
      {t('point.create')}
    </Button>
  );

  return (
    <section className={styles.page} aria-labelledby="point-list-title">
      <Title3 as="h1" id="point-list-title">
        {t('point.route.pointList')}
      </Title3>
      <div className={styles.head}>
        <PointFilters draft={draft} setDraft={setDraft} apply={apply} reset={reset} />
        {create('point-create')}
      </div>
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
    </section>
  );
}
