/**
 * /productManagement/commodityInfor (spec §2 commodityInfor, system admin
 * only): the platform's custom models with their attribute and image counts;
 * each opens its attribute details (infoDetails) and image details (imgDetails).
 */
import { Input } from '@fluentui/react-components';
import { ImageMultipleRegular, TextBulletListSquareEditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE } from '../../shared/domains.js';
import { CUSTOM_MODEL_LIMITS, type CustomModelItem } from '../../shared/product/index.js';
import {
  ConfirmDialog,
  DataTable,
  FilterBar,
  FilterField,
  Pager,
  useListPage,
  useRowDelete,
  type Column,
  RowAction,
  RowActions,
  ListPage,
  CreateButton,
  DeleteAction,
  EditAction,
} from '../kit/index.js';
import { CustomModelFormDialog } from './CustomModelFormDialog.js';
import { imgDetailsPath, infoDetailsPath } from './paths.js';

const EMPTY = { keyword: '' };

export default function CustomModelListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
          <RowActions compact wrap>
            <RowAction
              icon={<TextBulletListSquareEditRegular />}
              action={() => void navigate(infoDetailsPath(m.id))}
              testId="custom-model-attribute-details"
            >
              {t('product.customModel.attributes')}
            </RowAction>
            <RowAction
              icon={<ImageMultipleRegular />}
              action={() => void navigate(imgDetailsPath(m.id))}
              testId="custom-model-image-details"
            >
              {t('product.customModel.images')}
            </RowAction>
            <EditAction opensDialog action={() => setEditing({ model: m })} testId="custom-model-edit" />
            <DeleteAction opensDialog action={() => remove.ask(m)} testId="custom-model-delete" />
          </RowActions>
        ),
      },
    ],
    [t, navigate],
  );

  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {t('product.customModel.create')}
    </CreateButton>
  );
  return (
    <ListPage
      id="custom-model-title"
      title={t('product.route.customInfo')}
      filters={
        <>
          <FilterBar
            onSearch={apply}
            onReset={reset}
            searchTestId="custom-model-search"
            resetTestId="custom-model-reset"
          >
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
        </>
      }
    >
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
    </ListPage>
  );
}
