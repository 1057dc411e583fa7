/**
 * /productManagement/imgFormat?categoryId= (spec §2 imgFormat): the pictures
 * a product of the category carries beyond its main image, each with its
 * format; 5-1 adds, edits and deletes them.
 */
import { Badge, Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CategoryItem, ImageFormatItem } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { refusedWith } from '../app/errors.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { can, useUser } from '../app/session.js';
import { ActionButton, ConfirmDialog, DataTable, listView, type Column } from '../kit/index.js';
import { CategoryScreen } from './CategoryScreen.js';
import { ImageFormatFormDialog } from './ImageFormatFormDialog.js';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

export default function ImageFormatListPage() {
  const { t } = useTranslation();
  return (
    <CategoryScreen title={(name) => t('product.imageFormat.title', { name })} testId="image-formats">
      {(category) => <ImageFormats category={category} />}
    </CategoryScreen>
  );
}

function ImageFormats({ category }: { category: CategoryItem }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const client = useQueryClient();
  const restoreTarget = useRestoreFocusTarget();
  const canEdit = can(useUser(), '5-1');
  const [editing, setEditing] = useState<{ format?: ImageFormatItem } | null>(null);
  const [deleting, setDeleting] = useState<ImageFormatItem | null>(null);

  const list = useOp('product.imageFormatList', { body: { categoryId: category.id } });
  const remove = useOpMutation('product.imageFormatDelete', { invalidates: ['product.imageFormatList'] });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['product.imageFormatList'] }), [client]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.id } });
      notify(t('product.imageFormat.deleted'));
    } catch (error) {
      report(error);
      if (refusedWith(error, CODE.imageFormatNotFound)) await refresh();
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo<Column<ImageFormatItem>[]>(() => [
    { id: 'name', header: t('product.imageFormat.name'), value: (f) => f.name, minWidth: 96, width: 140, grow: 1, cellTestId: 'image-format-name' },
    { id: 'number', header: t('product.imageFormat.number'), value: (f) => f.number, minWidth: 96, width: 140 },
    { id: 'description', header: t('product.imageFormat.description'), value: (f) => f.description, overflow: 'wrap', minWidth: 120, width: 220, grow: 2 },
    { id: 'formatName', header: t('product.imageFormat.formatName'), value: (f) => f.formatName, minWidth: 120, width: 180, cellTestId: 'image-format-format' },
    {
      id: 'required', header: t('product.imageFormat.required'), minWidth: 64, width: 88,
      render: (f) => <Badge appearance="tint" color={f.required ? 'brand' : 'informative'}>{t(f.required ? 'product.imageFormat.requiredYes' : 'product.imageFormat.requiredNo')}</Badge>,
    },
    { id: 'createdAt', header: t('product.category.createdAt'), kind: 'time', value: (f) => f.createdAt },
    ...(canEdit ? [{
      id: 'actions', header: t('common.actions'), minWidth: 120, width: 160, shrinkLast: true,
      render: (f: ImageFormatItem) => (
        <div className={styles.actions}>
          <ActionButton className={styles.action} size="small" appearance="subtle" icon={<EditRegular />} opensDialog
            action={() => setEditing({ format: f })} data-testid="image-format-edit">{t('common.edit')}</ActionButton>
          <ActionButton className={styles.action} size="small" appearance="subtle" danger icon={<DeleteRegular />} opensDialog
            action={() => setDeleting(f)} data-testid="image-format-delete">{t('common.delete')}</ActionButton>
        </div>
      ),
    }] : []),
  ], [t, styles, canEdit]);

  const create = (testId: string) => canEdit && (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({})} data-testid={testId} {...restoreTarget}>
      {t('product.imageFormat.create')}
    </Button>
  );
  return (
    <>
      <div className={styles.toolbar}>{create('image-format-create')}</div>
      <DataTable label={t('product.imageFormat.list')} columns={columns} rows={list.data ?? NONE} rowKey={(f) => f.id} view={listView(list)}
        busy={list.isFetching && list.data !== undefined} onRetry={() => void list.refetch()} emptyAction={create('image-format-empty-create') || undefined}
        rowTestId="image-format-row" testId="image-format-table" />
      {editing && <ImageFormatFormDialog categoryId={category.id} format={editing.format} onClose={() => setEditing(null)} onGone={() => void refresh()} />}
      <ConfirmDialog open={deleting !== null} danger title={t('product.imageFormat.deleteTitle')}
        text={t('product.imageFormat.deleteConfirm', { name: deleting?.name ?? '' })} confirmLabel={t('common.delete')}
        onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </>
  );
}

const NONE: readonly ImageFormatItem[] = [];
