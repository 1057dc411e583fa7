/** /pointMent/pointList (spec §2 pointList, §5 point rules). */
import { Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PointItem } from '../../shared/api/point.js';
import { useOp, useOpMutation } from '../bridge.js';
import { ConfirmDialog } from '../app/ConfirmDialog.js';
import { useNotify } from '../app/notify.js';
import { pageCount, Pager } from '../app/Pager.js';
import { useReport } from '../app/report.js';
import { can, useUser } from '../app/session.js';
import { EMPTY_FILTER, PointFilters, type PointFilter } from './PointFilters.js';
import { bindDevicePath } from './paths.js';
import { PointFormDialog } from './PointFormDialog.js';
import { PointTable } from './PointTable.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
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

  const [filter, setFilter] = useState<PointFilter>(EMPTY_FILTER);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PointItem | null>(null);

  const body = { ...(filter.name ? { name: filter.name } : {}), ...(filter.area ? { area: filter.area } : {}) };
  const list = useOp('point.page', { query: paging, body }, { placeholderData: keepPreviousData });
  const remove = useOpMutation('point.delete', { invalidates: ['point.page'] });

  // Deleting the last row of the last page: step back to a page that exists.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    const last = pageCount(total, paging.pageSize);
    if (list.isSuccess && !list.isPlaceholderData && paging.pageNum > last) setPaging((p) => ({ ...p, pageNum: last }));
  }, [list.isSuccess, list.isPlaceholderData, total, paging]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.id } });
      notify(t('point.deleted'));
    } catch (error) {
      report(error); // 1411: a point with devices cannot be deleted
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="point-list-title">
      <Title3 as="h1" id="point-list-title">{t('route.pointList')}</Title3>
      <div className={styles.head}>
        <PointFilters onSearch={(f) => { setFilter(f); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({})} data-testid="point-create">{t('point.create')}</Button>
      </div>
      <PointTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        canBind={can(user, '3-2')}
        onEdit={(point) => setEditing({ point })}
        onBind={(point) => navigate(bindDevicePath(point.id))}
        onDelete={setDeleting}
      />
      <Pager pageNum={paging.pageNum} pageSize={paging.pageSize} total={total} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} testId="point-pager" />
      {editing && <PointFormDialog point={editing.point} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={t('point.deleteConfirm', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
