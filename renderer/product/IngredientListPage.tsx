/** /productManagement/ingredient (spec §2 ingredient, §3 Ingredient): a tenant's ingredients, built from the list kit. */
import { Button, Input, makeStyles, Title3, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
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
  ActionButton,
  Choice,
  ConfirmDialog,
  DataTable,
  FilterBar,
  FilterField,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  useRowDelete,
  type Column,
} from '../kit/index.js';
import { IngredientFormDialog } from './IngredientFormDialog.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

interface Filter {
  keyword: string;
  type?: IngredientType | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function IngredientListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const restoreTarget = useRestoreFocusTarget();
  const byTenant = seesTenants(user);

  const { draft, setDraft, apply, reset, refresh, table, pager } = useListPage('product.ingredientPage', {
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
      ...(byTenant
        ? [
            {
              id: 'tenantName',
              header: t('product.ingredient.tenantName'),
              value: (i: IngredientItem) => i.tenantName,
              minWidth: 96,
              width: 180,
            },
          ]
        : []),
      { id: 'createdAt', header: t('product.ingredient.createdAt'), kind: 'time', value: (i) => i.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 160,
        shrinkLast: true,
        render: (i) => (
          <div className={styles.actions}>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<EditRegular />}
              opensDialog
              action={() => setEditing({ ingredient: i })}
              data-testid="ingredient-edit"
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
              action={() => remove.ask(i)}
              data-testid="ingredient-delete"
            >
              {t('common.delete')}
            </ActionButton>
          </div>
        ),
      },
    ],
    [t, styles, byTenant],
  );

  const create = (testId: string) => (
    <Button
      appearance="primary"
      icon={<AddRegular />}
      onClick={() => setEditing({})}
      data-testid={testId}
      {...restoreTarget}
    >
      {t('product.ingredient.create')}
    </Button>
  );

  return (
    <section className={styles.page} aria-labelledby="ingredient-list-title">
      <Title3 as="h1" id="ingredient-list-title">
        {t('product.route.ingredient')}
      </Title3>
      <div className={styles.head}>
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
          <FilterField label={t('product.ingredient.type')}>
            <Choice
              value={draft.type}
              options={INGREDIENT_TYPES}
              label={(type) => t(`product.ingredient.types.${type}`)}
              all={t('common.all')}
              onChange={(type) => setDraft((f) => ({ ...f, type }))}
              testId="ingredient-filter-type"
            />
          </FilterField>
          <TenantFilter
            label={t('common.tenant')}
            value={draft.tenantId}
            onChange={(tenantId) => setDraft((f) => ({ ...f, tenantId }))}
            testId="ingredient-filter-tenant"
          />
        </FilterBar>
        {create('ingredient-create')}
      </div>
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
    </section>
  );
}
