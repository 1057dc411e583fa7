/**
 * /productManagement/setProperty?categoryId= (spec §2 setProperty): the
 * attributes a product of the category fills in, grouped as the product form
 * shows them. Those of the categories above come first and are edited there
 * (the row says where); 5-1 adds, edits and deletes the category's own.
 */
import { Badge, Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { AttributeItem, CategoryItem } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { refusedWith } from '../app/errors.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { can, useUser } from '../app/session.js';
import { ActionButton, ConfirmDialog, DataTable, listView, OverflowText, type Column } from '../kit/index.js';
import { AttributeFormDialog } from './AttributeFormDialog.js';
import { CategoryScreen } from './CategoryScreen.js';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

export default function AttributeListPage() {
  const { t } = useTranslation();
  return (
    <CategoryScreen title={(name) => t('product.attribute.title', { name })} testId="attributes">
      {(category) => <Attributes category={category} />}
    </CategoryScreen>
  );
}

function Attributes({ category }: { category: CategoryItem }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const user = useUser();
  const client = useQueryClient();
  const restoreTarget = useRestoreFocusTarget();
  const canEdit = can(user, '5-1');
  const [editing, setEditing] = useState<{ attribute?: AttributeItem } | null>(null);
  const [deleting, setDeleting] = useState<AttributeItem | null>(null);

  const list = useOp('product.attributeList', { body: { categoryId: category.id } });
  const remove = useOpMutation('product.attributeDelete', { invalidates: ['product.attributeList'] });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['product.attributeList'] }), [client]);
  const rows = useMemo(() => groupRows(list.data ?? NONE), [list.data]);
  const groups = useMemo(() => [...new Set(rows.filter((a) => a.categoryId === category.id).map((a) => a.groupName))], [rows, category.id]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.id } });
      notify(t('product.attribute.deleted'));
    } catch (error) {
      report(error);
      if (refusedWith(error, CODE.attributeNotFound)) await refresh();
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo<Column<AttributeItem>[]>(() => [
    { id: 'groupName', header: t('product.attribute.groupName'), value: (a) => a.groupName, minWidth: 80, width: 120, cellTestId: 'attribute-group' },
    { id: 'name', header: t('product.attribute.name'), value: (a) => a.name, minWidth: 96, width: 140, grow: 1, cellTestId: 'attribute-name' },
    { id: 'number', header: t('product.attribute.number'), value: (a) => a.number, minWidth: 96, width: 140 },
    { id: 'kind', header: t('product.attribute.kind'), value: (a) => t(`product.attribute.kinds.${a.kind}`), minWidth: 80, width: 110, cellTestId: 'attribute-kind' },
    {
      id: 'required', header: t('product.attribute.required'), minWidth: 64, width: 80,
      render: (a) => <Badge appearance="tint" color={a.required ? 'brand' : 'informative'}>{t(a.required ? 'product.attribute.requiredYes' : 'product.attribute.requiredNo')}</Badge>,
    },
    { id: 'rule', header: t('product.attribute.rule'), value: (a) => a.rule, overflow: 'wrap', minWidth: 120, width: 220, grow: 2, cellTestId: 'attribute-rule' },
    { id: 'unit', header: t('product.attribute.unit'), value: (a) => a.unit, minWidth: 56, width: 72 },
    {
      id: 'source', header: t('product.attribute.source'), minWidth: 96, width: 140,
      render: (a) => <OverflowText text={a.categoryId === category.id ? a.categoryName : `${a.categoryName}（${t('product.attribute.inherited')}）`} />,
    },
    ...(canEdit ? [{
      id: 'actions', header: t('common.actions'), minWidth: 120, width: 160, shrinkLast: true,
      render: (a: AttributeItem) => {
        // An upper category's attribute is edited on that category's page.
        const inherited = a.categoryId === category.id ? undefined : t('product.attribute.inherited');
        return (
          <div className={styles.actions}>
            <ActionButton className={styles.action} size="small" appearance="subtle" icon={<EditRegular />} opensDialog disabledReason={inherited}
              action={() => setEditing({ attribute: a })} data-testid="attribute-edit">{t('common.edit')}</ActionButton>
            <ActionButton className={styles.action} size="small" appearance="subtle" danger icon={<DeleteRegular />} opensDialog disabledReason={inherited}
              action={() => setDeleting(a)} data-testid="attribute-delete">{t('common.delete')}</ActionButton>
          </div>
        );
      },
    }] : []),
  ], [t, styles, canEdit, category.id]);

  const create = (testId: string) => canEdit && (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({})} data-testid={testId} {...restoreTarget}>
      {t('product.attribute.create')}
    </Button>
  );

  return (
    <>
      <div className={styles.toolbar}>{create('attribute-create')}</div>
      <DataTable label={t('product.attribute.list')} columns={columns} rows={rows} rowKey={(a) => a.id} view={listView(list)}
        busy={list.isFetching && list.data !== undefined} onRetry={() => void list.refetch()} emptyAction={create('attribute-empty-create') || undefined}
        rowTestId="attribute-row" testId="attribute-table" />
      {editing && (
        <AttributeFormDialog categoryId={category.id} attribute={editing.attribute} groups={groups} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      <ConfirmDialog open={deleting !== null} danger title={t('product.attribute.deleteTitle')}
        text={t('product.attribute.deleteConfirm', { name: deleting?.name ?? '' })} confirmLabel={t('common.delete')}
        onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </>
  );
}

/** Each category's attributes with their group together, groups in the order they first appear (as the product form shows them). */
export function groupRows(list: readonly AttributeItem[]): AttributeItem[] {
  const order = new Map<string, number>();
  for (const a of list) { const key = `${a.categoryId}:${a.groupName}`; if (!order.has(key)) order.set(key, order.size); }
  return [...list].sort((x, y) => order.get(`${x.categoryId}:${x.groupName}`)! - order.get(`${y.categoryId}:${y.groupName}`)!);
}

const NONE: readonly AttributeItem[] = [];
