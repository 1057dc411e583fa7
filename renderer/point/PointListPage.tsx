/** /pointMent/pointList (spec §2 pointList, §5 point rules), built from the list kit. */
import { Button, makeStyles, Title3, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE } from '../../shared/domains.js';
import type { PointItem } from '../../shared/point/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { can, useUser } from '../app/session.js';
import { ConfirmDialog, listView, Pager, shownTotal, useLastPage } from '../kit/index.js';
import { refusedWith } from '../app/errors.js';
import { isPointGone } from './gone.js';
import { EMPTY_FILTER, PointFilters, type PointFilter } from './PointFilters.js';
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
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const report = useReport();
  const user = useUser();
  const client = useQueryClient();
  const restoreTarget = useRestoreFocusTarget();

  const [filter, setFilter] = useState<PointFilter>(EMPTY_FILTER);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PointItem | null>(null);

  const body = { ...(filter.name ? { name: filter.name } : {}), ...(filter.areaCode ? { areaCode: filter.areaCode } : {}) };
  const list = useOp('point.page', { query: paging, body }, { placeholderData: keepPreviousData });
  const remove = useOpMutation('point.delete', { invalidates: ['point.page'] });
  const view = listView(list);
  const total = shownTotal(list);

  useLastPage(paging, setPaging, total, !list.isPlaceholderData);

  const refreshPoints = useCallback(() => client.invalidateQueries({ queryKey: ['point.page'] }), [client]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.id } });
      notify(t('point.deleted'));
    } catch (error) {
      report(error);
      // Gone meanwhile (1410) or given a device meanwhile (1411): show the list as it is now.
      if (isPointGone(error) || refusedWith(error, CODE.pointHasDevices)) await refreshPoints();
    } finally {
      setDeleting(null);
    }
  };

  const onEdit = useCallback((point: PointItem) => setEditing({ point }), []);
  const onBind = useCallback((point: PointItem) => void navigate(bindDevicePath(point.id)), [navigate]);
  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({})} data-testid={testId} {...restoreTarget}>
      {t('point.create')}
    </Button>
  );

  return (
    <section className={styles.page} aria-labelledby="point-list-title">
      <Title3 as="h1" id="point-list-title">{t('point.route.pointList')}</Title3>
      <div className={styles.head}>
        <PointFilters onSearch={(f) => { setFilter(f); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
        {create('point-create')}
      </div>
      <PointTable
        rows={list.data?.list ?? NO_POINTS}
        view={view}
        busy={view === 'rows' && list.isFetching}
        onRetry={() => void list.refetch()}
        emptyAction={create('point-empty-create')}
        canBind={can(user, '3-2')}
        onEdit={onEdit}
        onBind={onBind}
        onDelete={setDeleting}
      />
      <Pager pageNum={paging.pageNum} pageSize={paging.pageSize} total={total} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} testId="point-pager" />
      {editing && <PointFormDialog point={editing.point} onClose={() => setEditing(null)} onGone={() => void refreshPoints()} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('point.deleteTitle')}
        text={t('point.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** A stable empty page: a new `[]` each render would re-create the table model. */
const NO_POINTS: readonly PointItem[] = [];
