/** /productManagement/classification (spec §2 classification, §5 category rules), built from the list kit. */
import { Button } from '@fluentui/react-components';
import { BeakerRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import type { CategoryItem } from '../../shared/product/index.js';
import { can } from '../app/session.js';
import {
  Pager,
  seesTenants,
  useListPage,
  rowDelete,
  useRowCommands,
  type RowCommands,
  useScreen,
  ListPage,
  CreateButton,
} from '../kit/index.js';
import { CategoryFilters, EMPTY_CATEGORY_FILTER } from './CategoryFilters.js';
import { CategoryFormDialog } from './CategoryFormDialog.js';
import { CategoryTable } from './CategoryTable.js';
import { INGREDIENTS_PATH } from './paths.js';

/** The dialog in use: none, create (maybe under a parent), or edit. */
type Editing = { category?: CategoryItem; parent?: CategoryItem } | null;

// A refusal (gone meanwhile, or given a subcategory or product meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', CategoryItem> = {
  ns: 'product.category',
  invalidates: ['product.categoryPage', 'product.categoryOptions'],
  commands: { delete: rowDelete('product.categoryDelete') },
};

export default function CategoryListPage() {
  const { t, user, navigate } = useScreen();
  const byTenant = seesTenants(user);
  // 5-2 alone shows the categories (the new library files products by them) but does not change them.
  const canEdit = can(user, '5-1');

  const { search, refresh, table, pager } = useListPage('product.categoryPage', { empty: EMPTY_CATEGORY_FILTER });
  const [editing, setEditing] = useState<Editing>(null);

  const { run, dialog } = useRowCommands(COMMANDS, { name: (c) => c.name });
  const onDelete = useCallback((category: CategoryItem) => void run('delete', category), [run]);

  const onCreateChild = useCallback((parent: CategoryItem) => setEditing({ parent }), []);
  const onEdit = useCallback((category: CategoryItem) => setEditing({ category }), []);
  const create = (testId: string) =>
    canEdit && (
      <CreateButton onClick={() => setEditing({})} testId={testId}>
        {t('product.category.create')}
      </CreateButton>
    );

  return (
    <ListPage
      id="category-list-title"
      title={t('product.route.classification')}
      filters={
        <>
          <CategoryFilters onSearch={search} />
          {/* The hidden settings pages that belong to the categories (spec §2). */}
          <Button
            appearance="secondary"
            icon={<BeakerRegular />}
            onClick={() => void navigate(INGREDIENTS_PATH)}
            data-testid="category-ingredients"
          >
            {t('product.ingredient.open')}
          </Button>
          {create('category-create')}
        </>
      }
    >
      <CategoryTable
        {...table}
        emptyAction={create('category-empty-create')}
        showTenant={byTenant}
        canEdit={canEdit}
        onCreateChild={onCreateChild}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <Pager {...pager} totalText={(count) => t('product.category.treeTotal', { count })} testId="category-pager" />
      {editing && (
        <CategoryFormDialog
          category={editing.category}
          parent={editing.parent}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {dialog}
    </ListPage>
  );
}
