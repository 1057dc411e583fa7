/**
 * /productManagement/classification (spec §2 classification, §5 category
 * rules): the categories in tree order, each name indented by its level so
 * the tree reads down the first column; built from the list resource.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  BeakerRegular,
  EditRegular,
  ImageMultipleRegular,
  TextBulletListSquareEditRegular,
} from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { CATEGORY_DEPTH, type CategoryItem } from '../../shared/product/index.js';
import { can } from '../app/session.js';
import {
  CreateButton,
  DeleteAction,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowDelete,
  TenantFilter,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { CategoryFormDialog } from './CategoryFormDialog.js';
import { imgFormatPath, INGREDIENTS_PATH, setPropertyPath } from './paths.js';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', minWidth: 0, gap: tokens.spacingHorizontalXS },
  branch: { color: tokens.colorNeutralForeground4, flexShrink: 0 },
});

interface Filter {
  /** A name, its pinyin or a number. */
  keyword: string;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

// A refusal (gone meanwhile, or given a subcategory or product meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', CategoryItem> = {
  ns: 'product.category',
  invalidates: ['product.categoryPage', 'product.categoryOptions'],
  commands: { delete: rowDelete('product.categoryDelete') },
};

/** The dialog in use: none, create (maybe under a parent), or edit. */
type Editing = { category?: CategoryItem; parent?: CategoryItem } | null;

export default function CategoryListPage() {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  // 5-2 alone shows the categories (the new library files products by them) but does not change them.
  const canEdit = can(user, '5-1');
  const categories = useResource('product.categoryPage', { ns: 'product.category', testId: 'category', empty: EMPTY });
  const { column, source, action, text, tenantColumn, refresh } = categories;
  const [editing, setEditing] = useState<Editing>(null);
  const { run, dialog } = useRowCommands(COMMANDS, { name: (c) => c.name });

  const columns = useMemo<Column<CategoryItem>[]>(
    () => [
      column('name', {
        minWidth: 120,
        width: 200,
        grow: 2,
        testId: true,
        hideable: false,
        // One step of indent per level (at most three), so the tree reads down the column.
        render: (c) => (
          <span className={styles.name} style={{ paddingInlineStart: `${c.depth * 20}px` }}>
            {c.depth > 0 && (
              <span className={styles.branch} aria-hidden>
                └
              </span>
            )}
            <OverflowText text={c.name} />
          </span>
        ),
      }),
      column('number', { value: (c) => c.number, minWidth: 112, width: 160, grow: 1, testId: true }),
      column('description', { value: (c) => c.description, overflow: 'wrap', minWidth: 120, width: 200, grow: 2 }),
      column('remark', { value: (c) => c.remark, minWidth: 80, width: 120, grow: 1 }),
      column('childCount', { kind: 'number', value: (c) => c.childCount }),
      column('productCount', { kind: 'number', value: (c) => c.productCount, cellTestId: 'category-products' }),
      ...tenantColumn({ id: 'tenantName', header: text('tenantName'), width: 160 }),
      column('createdAt', { kind: 'time', value: (c) => c.createdAt }),
      ...(canEdit
        ? [
            column('actions', {
              pin: 'end',
              header: t('common.actions'),
              minWidth: 220,
              width: 420,
              shrinkLast: true,
              testId: true,
              render: (c) => (
                <RowActions compact wrap>
                  {c.depth < CATEGORY_DEPTH - 1 && (
                    <RowAction
                      {...action('create-child', text('createChild'))}
                      icon={<AddRegular />}
                      opensDialog
                      action={() => setEditing({ parent: c })}
                    />
                  )}
                  <RowAction
                    {...action('attributes', t('product.attribute.open'))}
                    icon={<TextBulletListSquareEditRegular />}
                    action={() => void navigate(setPropertyPath(c.id))}
                  />
                  <RowAction
                    {...action('image-formats', t('product.imageFormat.open'))}
                    icon={<ImageMultipleRegular />}
                    action={() => void navigate(imgFormatPath(c.id))}
                  />
                  <RowAction
                    {...action('edit', t('common.edit'))}
                    icon={<EditRegular />}
                    opensDialog
                    action={() => setEditing({ category: c })}
                  />
                  {/* Spec §5: not with subcategories or products; say why instead of offering a refusal. */}
                  <DeleteAction
                    opensDialog
                    action={() => void run('delete', c)}
                    disabledReason={c.childCount > 0 || c.productCount > 0 ? text('deleteBlocked') : undefined}
                    testId="category-delete"
                  />
                </RowActions>
              ),
            }),
          ]
        : []),
    ],
    [t, styles, navigate, canEdit, run, column, action, text, tenantColumn],
  );

  const create = (testId: string) =>
    canEdit && (
      <CreateButton onClick={() => setEditing({})} testId={testId}>
        {text('create')}
      </CreateButton>
    );

  return (
    <ResourceList
      resource={categories}
      title={t('product.route.classification')}
      columns={columns}
      rowKey={(c) => c.id}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={20} placeholder={text('keywordPlaceholder')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
      besideFilters={
        <>
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
      table={{
        label: text('list'),
        emptyAction: create('category-empty-create'),
        rowData: (c) => ({ 'data-category-id': c.id, 'data-depth': c.depth }),
      }}
      totalText={(count) => t('product.category.treeTotal', { count })}
    >
      {editing && (
        <CategoryFormDialog
          category={editing.category}
          parent={editing.parent}
          onClose={() => setEditing(null)}
          onGone={() => void refresh()}
        />
      )}
      {dialog}
    </ResourceList>
  );
}
