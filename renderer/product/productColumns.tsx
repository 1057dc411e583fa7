/**
 * The product list's columns, shared by the two libraries and a
 * distributor's products as its parent reads them: thumbnails, states, the
 * upstream's sorting, and — for a user who may change them — the row actions.
 */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductItem, ProductSort } from '../../shared/product/index.js';
import { RowAction, RowActions, type Column, type ColumnSpec, type Sort } from '../kit/index.js';

const useStyles = makeStyles({
  thumb: {
    width: '40px',
    height: '40px',
    objectFit: 'contain',
    display: 'block',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
  },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
});

/** The order a product list starts in, and goes back to when a sort is cleared. */
export const PRODUCT_SORT: Sort = { id: 'createdAt', desc: true };
/** A product list's body for its filter and order. */
export const sortBody = (sort: Sort) => ({ sort: sort.id as ProductSort, desc: sort.desc });

/** What a user who may change the products gets: the row actions. */
export interface ProductActions {
  onEdit: (product: ProductItem) => void;
  /** The new library's custom information per device model (editNweGoods). */
  onCustomInfo?: ((product: ProductItem) => void) | undefined;
  /** One product's sale or enabled state changed from its row. */
  onState: (product: ProductItem, change: { onSale?: boolean; enabled?: boolean }) => Promise<void>;
}

/** The parts of a product list's resource the columns are made from. */
export interface ProductResource {
  column: (id: string, spec?: ColumnSpec<ProductItem>) => Column<ProductItem>;
  tenantColumn: (more?: Partial<Column<ProductItem>>) => Column<ProductItem>[];
}

/** None: read only (a distributor's products as its parent reads them). */
export function useProductColumns(
  { column, tenantColumn }: ProductResource,
  actions?: ProductActions,
): Column<ProductItem>[] {
  const { onEdit, onCustomInfo, onState } = actions ?? {};
  const { t } = useTranslation();
  const styles = useStyles();

  return useMemo<Column<ProductItem>[]>(
    () => [
      column('image', {
        minWidth: 76,
        width: 76,
        render: (p) =>
          p.images[0] ? (
            <img className={styles.thumb} src={`/files/${p.images[0]}`} alt={p.name} loading="lazy" />
          ) : null,
      }),
      column('number', { value: (p) => p.number, sortable: true, minWidth: 96, width: 120, testId: true }),
      column('name', {
        value: (p) => p.name,
        sortable: true,
        minWidth: 200,
        width: 240,
        grow: 2,
        testId: true,
        hideable: false,
      }),
      column('category', { fold: 2, value: (p) => p.categoryName, minWidth: 72, width: 96 }),
      column('model', { value: (p) => p.model, minWidth: 80, width: 110 }),
      column('price', {
        header: t('product.product.priceShort'),
        kind: 'money',
        value: (p) => p.price,
        sortable: true,
        testId: true,
      }),
      column('tags', {
        fold: 1,
        minWidth: 80,
        width: 110,
        overflow: 'wrap',
        render: (p) => (
          <span className={styles.tags}>
            {p.tags.map((tag) => (
              <Badge key={tag} appearance="tint" size="small">
                {tag}
              </Badge>
            ))}
          </span>
        ),
      }),
      column('onSale', {
        minWidth: 72,
        width: 84,
        cellTestId: 'product-sale',
        render: (p) => (
          <Badge appearance="tint" color={p.onSale ? 'success' : 'informative'}>
            {t(p.onSale ? 'product.product.statusOnSale' : 'product.product.statusOffSale')}
          </Badge>
        ),
      }),
      column('enabled', {
        minWidth: 72,
        width: 84,
        testId: true,
        render: (p) => (
          <Badge appearance="tint" color={p.enabled ? 'brand' : 'danger'}>
            {t(p.enabled ? 'product.product.statusEnabled' : 'product.product.statusDisabled')}
          </Badge>
        ),
      }),
      ...tenantColumn({ id: 'tenantName', header: t('product.product.tenantName'), minWidth: 88, width: 120 }),
      column('createdAt', { fold: 3, kind: 'time', value: (p) => p.createdAt, sortable: true }),
      ...(onEdit && onState
        ? [
            column('actions', {
              pin: 'end',
              header: t('common.actions'),
              minWidth: 150,
              width: onCustomInfo ? 250 : 180,
              shrinkLast: true,
              testId: true,
              render: (p) => (
                <RowActions compact wrap>
                  <RowAction icon={<EditRegular />} opensDialog action={() => onEdit(p)} testId="product-edit">
                    {t('common.edit')}
                  </RowAction>
                  {onCustomInfo && (
                    <RowAction action={() => onCustomInfo(p)} testId="product-custom-info">
                      {t('product.customModel.info')}
                    </RowAction>
                  )}
                  <RowAction
                    action={() => onState(p, { onSale: !p.onSale })}
                    disabledReason={!p.onSale && !p.enabled ? t('product.product.disabledNoSale') : undefined}
                    testId="product-toggle-sale"
                  >
                    {t(p.onSale ? 'product.product.takeOffSale' : 'product.product.putOnSale')}
                  </RowAction>
                  <RowAction
                    danger={p.enabled}
                    action={() => onState(p, { enabled: !p.enabled })}
                    testId="product-toggle-enabled"
                  >
                    {t(p.enabled ? 'product.product.disable' : 'product.product.enable')}
                  </RowAction>
                </RowActions>
              ),
            }),
          ]
        : []),
    ],
    [t, styles, column, tenantColumn, onEdit, onCustomInfo, onState],
  );
}
