/**
 * The page of categories in tree order, drawn by the kit's DataTable: each
 * name indented by its level, so the tree reads down the first column.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, EditRegular, ImageMultipleRegular, TextBulletListSquareEditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CATEGORY_DEPTH, type CategoryItem } from '../../shared/product/index.js';
import {
  DataTable,
  OverflowText,
  type Column,
  type TableState,
  RowAction,
  RowActions,
  tenantColumn,
  DeleteAction,
} from '../kit/index.js';
import { imgFormatPath, setPropertyPath } from './paths.js';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', minWidth: 0, gap: tokens.spacingHorizontalXS },
  branch: { color: tokens.colorNeutralForeground4, flexShrink: 0 },
});

export interface CategoryTableProps extends TableState<CategoryItem> {
  /** Whether the tenant column is worth its room (the user sees several tenants). */
  showTenant: boolean;
  canEdit: boolean;
  onCreateChild: (parent: CategoryItem) => void;
  onEdit: (category: CategoryItem) => void;
  onDelete: (category: CategoryItem) => void;
}

export function CategoryTable({ showTenant, canEdit, onCreateChild, onEdit, onDelete, ...state }: CategoryTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();

  const columns = useMemo<Column<CategoryItem>[]>(
    () => [
      {
        id: 'name',
        header: t('product.category.name'),
        minWidth: 120,
        width: 200,
        grow: 2,
        cellTestId: 'category-name',
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
      },
      {
        id: 'number',
        header: t('product.category.number'),
        value: (c) => c.number,
        minWidth: 112,
        width: 160,
        grow: 1,
        cellTestId: 'category-number',
      },
      {
        id: 'description',
        header: t('product.category.description'),
        value: (c) => c.description,
        overflow: 'wrap',
        minWidth: 120,
        width: 200,
        grow: 2,
      },
      { id: 'remark', header: t('product.category.remark'), value: (c) => c.remark, minWidth: 80, width: 120, grow: 1 },
      { id: 'childCount', header: t('product.category.childCount'), kind: 'number', value: (c) => c.childCount },
      {
        id: 'productCount',
        header: t('product.category.productCount'),
        kind: 'number',
        value: (c) => c.productCount,
        cellTestId: 'category-products',
      },
      ...tenantColumn<CategoryItem>(showTenant, t('product.category.tenantName'), { id: 'tenantName', width: 160 }),
      { id: 'createdAt', header: t('product.category.createdAt'), kind: 'time', value: (c) => c.createdAt },
      ...(canEdit
        ? [
            {
              id: 'actions',
              pin: 'end' as const,
              header: t('common.actions'),
              minWidth: 220,
              width: 420,
              shrinkLast: true,
              cellTestId: 'category-actions',
              render: (c: CategoryItem) => (
                <RowActions compact wrap>
                  {c.depth < CATEGORY_DEPTH - 1 && (
                    <RowAction
                      icon={<AddRegular />}
                      opensDialog
                      action={() => onCreateChild(c)}
                      testId="category-create-child"
                    >
                      {t('product.category.createChild')}
                    </RowAction>
                  )}
                  <RowAction
                    icon={<TextBulletListSquareEditRegular />}
                    action={() => void navigate(setPropertyPath(c.id))}
                    testId="category-attributes"
                  >
                    {t('product.attribute.open')}
                  </RowAction>
                  <RowAction
                    icon={<ImageMultipleRegular />}
                    action={() => void navigate(imgFormatPath(c.id))}
                    testId="category-image-formats"
                  >
                    {t('product.imageFormat.open')}
                  </RowAction>
                  <RowAction icon={<EditRegular />} opensDialog action={() => onEdit(c)} testId="category-edit">
                    {t('common.edit')}
                  </RowAction>
                  {/* Spec §5: not with subcategories or products; say why instead of offering a refusal. */}
                  <DeleteAction
                    opensDialog
                    action={() => onDelete(c)}
                    disabledReason={
                      c.childCount > 0 || c.productCount > 0 ? t('product.category.deleteBlocked') : undefined
                    }
                    testId="category-delete"
                  />
                </RowActions>
              ),
            },
          ]
        : []),
    ],
    [t, styles, navigate, showTenant, canEdit, onCreateChild, onEdit, onDelete],
  );

  return (
    <DataTable
      label={t('product.category.list')}
      columns={columns}
      {...state}
      rowKey={(c) => c.id}
      rowTestId="category-row"
      rowData={(c) => ({ 'data-category-id': c.id, 'data-depth': c.depth })}
      testId="category-table"
    />
  );
}
