/**
 * /productManagement/commodityInfor (spec §2 commodityInfor, system admin
 * only): the platform's custom models with their attribute and image counts;
 * each opens its attribute details (infoDetails) and image details (imgDetails).
 */
import { ImageMultipleRegular, TextBulletListSquareEditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CUSTOM_MODEL_LIMITS, type CustomModelItem } from '../../shared/product/index.js';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ResourceList,
  RowAction,
  RowActions,
  TextFilter,
  useResource,
  rowDelete,
  useRowCommands,
  type RowCommands,
  type Column,
} from '../kit/index.js';
import { CustomModelFormDialog } from './CustomModelFormDialog.js';
import { imgDetailsPath, infoDetailsPath } from './paths.js';

const EMPTY = { keyword: '' };

const COMMANDS: RowCommands<'delete', CustomModelItem> = {
  ns: 'product.customModel',
  invalidates: ['product.customModelPage', 'product.customModels'],
  commands: { delete: rowDelete('product.customModelDelete') },
};

export default function CustomModelListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const models = useResource('product.customModelPage', {
    ns: 'product.customModel',
    testId: 'custom-model',
    empty: EMPTY,
  });
  const { column, source, action, refresh } = models;
  const [editing, setEditing] = useState<{ model?: CustomModelItem } | null>(null);

  const { run, dialog } = useRowCommands(COMMANDS, { name: (m) => m.name });

  const columns = useMemo<Column<CustomModelItem>[]>(
    () => [
      column('number', { value: (m) => m.number, minWidth: 96, width: 140, testId: true }),
      column('name', { value: (m) => m.name, minWidth: 120, width: 200, grow: 1, testId: true, hideable: false }),
      column('description', { value: (m) => m.description, overflow: 'wrap', minWidth: 120, width: 220, grow: 2 }),
      column('attributeCount', {
        kind: 'number',
        value: (m) => m.attributeCount,
        cellTestId: 'custom-model-attributes',
      }),
      column('imageCount', { kind: 'number', value: (m) => m.imageCount, cellTestId: 'custom-model-images' }),
      column('createdAt', { header: t('product.category.createdAt'), kind: 'time', value: (m) => m.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 220,
        width: 400,
        shrinkLast: true,
        render: (m) => (
          <RowActions compact wrap>
            <RowAction
              {...action('attribute-details', t('product.customModel.attributes'))}
              icon={<TextBulletListSquareEditRegular />}
              action={() => void navigate(infoDetailsPath(m.id))}
            />
            <RowAction
              {...action('image-details', t('product.customModel.images'))}
              icon={<ImageMultipleRegular />}
              action={() => void navigate(imgDetailsPath(m.id))}
            />
            <EditAction opensDialog action={() => setEditing({ model: m })} testId="custom-model-edit" />
            <DeleteAction opensDialog action={() => void run('delete', m)} testId="custom-model-delete" />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, column, action, run],
  );

  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {t('product.customModel.create')}
    </CreateButton>
  );
  return (
    <ResourceList
      resource={models}
      title={t('product.route.customInfo')}
      columns={columns}
      rowKey={(m) => m.id}
      table={{ label: t('product.customModel.list'), emptyAction: create('custom-model-empty-create') }}
      filters={
        <TextFilter
          {...source('keyword')}
          maxLength={CUSTOM_MODEL_LIMITS.name}
          placeholder={t('product.customModel.keywordPlaceholder')}
        />
      }
      besideFilters={create('custom-model-create')}
    >
      {editing && (
        <CustomModelFormDialog model={editing.model} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      {dialog}
    </ResourceList>
  );
}
