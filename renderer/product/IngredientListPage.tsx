/** /productManagement/ingredient (spec §2 ingredient, §3 Ingredient): a tenant's ingredients, built from the list kit. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INGREDIENT_LIMITS,
  INGREDIENT_TYPES,
  type IngredientItem,
  type IngredientType,
} from '../../shared/product/index.js';
import {
  ChoiceFilter,
  CreateButton,
  DeleteAction,
  EditAction,
  ResourceList,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  rowDelete,
  useRowCommands,
  type RowCommands,
  type Column,
} from '../kit/index.js';
import { IngredientFormDialog } from './IngredientFormDialog.js';

interface Filter {
  keyword: string;
  type?: IngredientType | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

const COMMANDS: RowCommands<'delete', IngredientItem> = {
  ns: 'product.ingredient',
  invalidates: ['product.ingredientPage'],
  commands: { delete: rowDelete('product.ingredientDelete') },
};

export default function IngredientListPage() {
  const { t } = useTranslation();
  const ingredients = useResource('product.ingredientPage', {
    ns: 'product.ingredient',
    testId: 'ingredient',
    empty: EMPTY,
  });
  const { column, source, labels, tenantColumn, refresh } = ingredients;
  const [editing, setEditing] = useState<{ ingredient?: IngredientItem } | null>(null);

  const { run, dialog } = useRowCommands(COMMANDS, { name: (i) => i.name });

  const columns = useMemo<Column<IngredientItem>[]>(
    () => [
      column('number', { value: (i) => i.number, minWidth: 96, width: 160, testId: true }),
      column('name', { value: (i) => i.name, minWidth: 120, width: 200, grow: 2, testId: true, hideable: false }),
      column('type', { value: (i) => labels('types')(i.type), minWidth: 72, width: 96, testId: true }),
      column('unit', { value: (i) => labels('units')(i.unit), minWidth: 72, width: 96, testId: true }),
      ...tenantColumn({ id: 'tenantName', header: t('product.ingredient.tenantName'), width: 180 }),
      column('createdAt', { kind: 'time', value: (i) => i.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 120,
        width: 160,
        shrinkLast: true,
        render: (i) => (
          <RowActions compact wrap>
            <EditAction opensDialog action={() => setEditing({ ingredient: i })} testId="ingredient-edit" />
            <DeleteAction opensDialog action={() => void run('delete', i)} testId="ingredient-delete" />
          </RowActions>
        ),
      }),
    ],
    [t, column, labels, tenantColumn, run],
  );

  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {t('product.ingredient.create')}
    </CreateButton>
  );

  return (
    <ResourceList
      resource={ingredients}
      title={t('product.route.ingredient')}
      columns={columns}
      rowKey={(i) => i.id}
      table={{ emptyAction: create('ingredient-empty-create') }}
      filters={
        <>
          <TextFilter
            {...source('keyword')}
            maxLength={INGREDIENT_LIMITS.name}
            placeholder={t('product.ingredient.keywordPlaceholder')}
          />
          <ChoiceFilter {...source('type')} options={INGREDIENT_TYPES} optionLabel={labels('types')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
      besideFilters={create('ingredient-create')}
    >
      {editing && (
        <IngredientFormDialog
          ingredient={editing.ingredient}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {dialog}
    </ResourceList>
  );
}
