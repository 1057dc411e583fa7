/**
 * /productManagement/commodityInfor (spec §2 commodityInfor, system admin
 * only): the platform's custom models with their attribute and image counts;
 * each opens its attribute details (infoDetails) and image details (imgDetails).
 */
import { Button, Input, makeStyles, Title3, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import {
  AddRegular,
  DeleteRegular,
  EditRegular,
  ImageMultipleRegular,
  TextBulletListSquareEditRegular,
} from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE } from '../../shared/domains.js';
import { CUSTOM_MODEL_LIMITS, type CustomModelItem } from '../../shared/product/index.js';
import {
  ActionButton,
  ConfirmDialog,
  DataTable,
  FilterBar,
  FilterField,
  Pager,
  useListPage,
  useRowDelete,
  type Column,
} from '../kit/index.js';
import { CustomModelFormDialog } from './CustomModelFormDialog.js';
import { imgDetailsPath, infoDetailsPath } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

const EMPTY = { keyword: '' };

export default function CustomModelListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const restoreTarget = useRestoreFocusTarget();
  const { draft, setDraft, apply, reset, refresh, table, pager } = useListPage('product.customModelPage', {
    empty: EMPTY,
  });
  const [editing, setEditing] = useState<{ model?: CustomModelItem } | null>(null);

  const remove = useRowDelete<'product.customModelDelete', CustomModelItem>('product.customModelDelete', {
    invalidates: ['product.customModelPage', 'product.customModels'],
    deleted: t('product.customModel.deleted'),
    stale: [CODE.customModelNotFound],
    refresh,
  });

  const columns = useMemo<Column<CustomModelItem>[]>(
    () => [
      {
        id: 'number',
        header: t('product.customModel.number'),
        value: (m) => m.number,
        minWidth: 96,
        width: 140,
        cellTestId: 'custom-model-number',
      },
      {
        id: 'name',
        header: t('product.customModel.name'),
        value: (m) => m.name,
        minWidth: 120,
        width: 200,
        grow: 1,
        cellTestId: 'custom-model-name',
        hideable: false,
      },
      {
        id: 'description',
        header: t('product.customModel.description'),
        value: (m) => m.description,
        overflow: 'wrap',
        minWidth: 120,
        width: 220,
        grow: 2,
      },
      {
        id: 'attributeCount',
        header: t('product.customModel.attributeCount'),
        kind: 'number',
        value: (m) => m.attributeCount,
        cellTestId: 'custom-model-attributes',
      },
      {
        id: 'imageCount',
        header: t('product.customModel.imageCount'),
        kind: 'number',
        value: (m) => m.imageCount,
        cellTestId: 'custom-model-images',
      },
      { id: 'createdAt', header: t('product.category.createdAt'), kind: 'time', value: (m) => m.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 220,
        width: 400,
        shrinkLast: true,
        render: (m) => (
          <div className={styles.actions}>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<TextBulletListSquareEditRegular />}
              action={() => void navigate(infoDetailsPath(m.id))}
              data-testid="custom-model-attribute-details"
            >
              {t('product.customModel.attributes')}
            </ActionButton>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<ImageMultipleRegular />}
              action={() => void navigate(imgDetailsPath(m.id))}
              data-testid="custom-model-image-details"
            >
              {t('product.customModel.images')}
            </ActionButton>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<EditRegular />}
              opensDialog
              action={() => setEditing({ model: m })}
              data-testid="custom-model-edit"
            >
              {t('common.edit')}
            </ActionButton>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              danger
              icon={<DeleteRegular />}
              opensDialog
              action={() => remove.ask(m)}
              data-testid="custom-model-delete"
            >
              {t('common.delete')}
            </ActionButton>
          </div>
        ),
      },
    ],
    [t, styles, navigate],
  );

  const create = (testId: string) => (
    <Button
      appearance="primary"
      icon={<AddRegular />}
      onClick={() => setEditing({})}
      data-testid={testId}
      {...restoreTarget}
    >
      {t('product.customModel.create')}
    </Button>
  );
  return (
    <section className={styles.page} aria-labelledby="custom-model-title">
      <Title3 as="h1" id="custom-model-title">
        {t('product.route.customInfo')}
      </Title3>
      <div className={styles.head}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="custom-model-search" resetTestId="custom-model-reset">
          <FilterField label={t('product.customModel.keyword')} shown={draft.keyword}>
            <Input
              value={draft.keyword}
              maxLength={CUSTOM_MODEL_LIMITS.name}
              placeholder={t('product.customModel.keywordPlaceholder')}
              onChange={(_, d) => setDraft({ keyword: d.value })}
              data-testid="custom-model-filter-keyword"
            />
          </FilterField>
        </FilterBar>
        {create('custom-model-create')}
      </div>
      <DataTable
        label={t('product.customModel.list')}
        columns={columns}
        {...table}
        rowKey={(m) => m.id}
        emptyAction={create('custom-model-empty-create')}
        rowTestId="custom-model-row"
        testId="custom-model-table"
      />
      <Pager {...pager} testId="custom-model-pager" />
      {editing && (
        <CustomModelFormDialog model={editing.model} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      <ConfirmDialog
        {...remove.dialog}
        danger
        title={t('product.customModel.deleteTitle')}
        text={t('product.customModel.deleteConfirm', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('common.delete')}
      />
    </section>
  );
}
