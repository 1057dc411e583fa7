/** /productManagement/ingredient (spec §2 ingredient, §3 Ingredient): a tenant's ingredients, built from the list kit. */
import { Input } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import {
  INGREDIENT_LIMITS,
  INGREDIENT_TYPES,
  type IngredientItem,
  type IngredientType,
} from '../../shared/product/index.js';
import { useUser } from '../app/session.js';
import {
  ConfirmDialog,
  DataTable,
  FilterBar,
  FilterField,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  useRowDelete,
  tenantColumn,
  type Column,
  RowActions,
  ListPage,
  CreateButton,
  ChoiceFilter,
  DeleteAction,
  EditAction,
} from '../kit/index.js';
import { IngredientFormDialog } from './IngredientFormDialog.js';

interface Filter {
  keyword: string;
  type?: IngredientType | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function IngredientListPage() {
  const { t } = useTranslation();
  const user = useUser();
  const byTenant = seesTenants(user);

  const { draft, setDraft, field, apply, reset, refresh, table, pager } = useListPage('product.ingredientPage', {
    empty: EMPTY,
  });
  const [editing, setEditing] = useState<{ ingredient?: IngredientItem } | null>(null);

  const remove = useRowDelete<'product.ingredientDelete', IngredientItem>('product.ingredientDelete', {
    invalidates: ['product.ingredientPage'],
    deleted: t('product.ingredient.deleted'),
    stale: [CODE.ingredientNotFound],
    refresh,
  });

  const columns = useMemo<Column<IngredientItem>[]>(
    () => [
      {
        id: 'number',
        header: t('product.ingredient.number'),
        value: (i) => i.number,
        minWidth: 96,
        width: 160,
        cellTestId: 'ingredient-number',
      },
      {
        id: 'name',
        header: t('product.ingredient.name'),
        value: (i) => i.name,
        minWidth: 120,
        width: 200,
        grow: 2,
        cellTestId: 'ingredient-name',
        hideable: false,
      },
      {
        id: 'type',
        header: t('product.ingredient.type'),
        value: (i) => t(`product.ingredient.types.${i.type}`),
        minWidth: 72,
        width: 96,
        cellTestId: 'ingredient-type',
      },
      {
        id: 'unit',
        header: t('product.ingredient.unit'),
        value: (i) => t(`product.ingredient.units.${i.unit}`),
        minWidth: 72,
        width: 96,
        cellTestId: 'ingredient-unit',
      },
      ...tenantColumn<IngredientItem>(byTenant, t('product.ingredient.tenantName'), { id: 'tenantName', width: 180 }),
      { id: 'createdAt', header: t('product.ingredient.createdAt'), kind: 'time', value: (i) => i.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 160,
        shrinkLast: true,
        render: (i) => (
          <RowActions compact wrap>
            <EditAction opensDialog action={() => setEditing({ ingredient: i })} testId="ingredient-edit" />
            <DeleteAction opensDialog action={() => remove.ask(i)} testId="ingredient-delete" />
          </RowActions>
        ),
      },
    ],
    [t, byTenant],
  );

  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {t('product.ingredient.create')}
    </CreateButton>
  );

  return (
    <ListPage
      id="ingredient-list-title"
      title={t('product.route.ingredient')}
      filters={
        <>
          <FilterBar onSearch={apply} onReset={reset} searchTestId="ingredient-search" resetTestId="ingredient-reset">
            <FilterField label={t('product.ingredient.keyword')} shown={draft.keyword}>
              <Input
                value={draft.keyword}
                maxLength={INGREDIENT_LIMITS.name}
                placeholder={t('product.ingredient.keywordPlaceholder')}
                onChange={(_, d) => setDraft((f) => ({ ...f, keyword: d.value }))}
                data-testid="ingredient-filter-keyword"
              />
            </FilterField>
            <ChoiceFilter
              label={t('product.ingredient.type')}
              {...field('type')}
              options={INGREDIENT_TYPES}
              optionLabel={(type) => t(`product.ingredient.types.${type}`)}
              testId="ingredient-filter-type"
            />
            <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="ingredient-filter-tenant" />
          </FilterBar>
          {create('ingredient-create')}
        </>
      }
    >
      <DataTable
        label={t('product.route.ingredient')}
        columns={columns}
        {...table}
        rowKey={(i) => i.id}
        emptyAction={create('ingredient-empty-create')}
        rowTestId="ingredient-row"
        testId="ingredient-table"
      />
      <Pager {...pager} testId="ingredient-pager" />
      {editing && (
        <IngredientFormDialog
          ingredient={editing.ingredient}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      <ConfirmDialog
        {...remove.dialog}
        danger
        title={t('product.ingredient.deleteTitle')}
        text={t('product.ingredient.deleteConfirm', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('common.delete')}
      />
    </ListPage>
  );
}
