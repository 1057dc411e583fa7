/** The page of products with thumbnails, states, sorting, a selection for bulk changes, and row actions (the kit's DataTable). */
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '../../shared/product/index.js';
import {
  DataTable,
  type Column,
  type TableState,
  type Sort,
  RowAction,
  RowActions,
  tenantColumn,
} from '../kit/index.js';

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

/** What a user who may change the products gets: a selection and the row actions. */
export interface ProductActions {
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
  onEdit: (product: ProductItem) => void;
  /** The new library's custom information per device model (editNweGoods). */
  onCustomInfo?: ((product: ProductItem) => void) | undefined;
  /** One product's sale or enabled state changed from its row. */
  onState: (product: ProductItem, change: { onSale?: boolean; enabled?: boolean }) => Promise<void>;
}

export interface ProductTableProps extends TableState<ProductItem> {
  showTenant: boolean;
  sort: Sort;
  onSortChange: (sort: Sort | null) => void;
  /** None: read only (a distributor's products as its parent reads them). */
  actions?: ProductActions | undefined;
}

export function ProductTable(props: ProductTableProps) {
  const { showTenant, sort, onSortChange, actions, ...state } = props;
  const { onEdit, onCustomInfo, onState } = actions ?? {};
  const { t } = useTranslation();
  const styles = useStyles();

  const columns = useMemo<Column<ProductItem>[]>(
    () => [
      {
        id: 'image',
        header: t('product.product.image'),
        minWidth: 76,
        width: 76,
        render: (p) =>
          p.images[0] ? (
            <img className={styles.thumb} src={`/files/${p.images[0]}`} alt={p.name} loading="lazy" />
          ) : null,
      },
      {
        id: 'number',
        header: t('product.product.number'),
        value: (p) => p.number,
        sortable: true,
        minWidth: 96,
        width: 120,
        cellTestId: 'product-number',
      },
      {
        id: 'name',
        header: t('product.product.name'),
        value: (p) => p.name,
        sortable: true,
        minWidth: 200,
        width: 240,
        grow: 2,
        cellTestId: 'product-name',
        hideable: false,
      },
      {
        id: 'category',
        fold: 2,
        header: t('product.product.category'),
        value: (p) => p.categoryName,
        minWidth: 72,
        width: 96,
      },
      { id: 'model', header: t('product.product.model'), value: (p) => p.model, minWidth: 80, width: 110 },
      {
        id: 'price',
        header: t('product.product.priceShort'),
        kind: 'money',
        value: (p) => p.price,
        sortable: true,
        cellTestId: 'product-price',
      },
      {
        id: 'tags',
        fold: 1,
        header: t('product.product.tags'),
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
      },
      {
        id: 'onSale',
        header: t('product.product.onSale'),
        minWidth: 72,
        width: 84,
        cellTestId: 'product-sale',
        render: (p) => (
          <Badge appearance="tint" color={p.onSale ? 'success' : 'informative'}>
            {t(p.onSale ? 'product.product.statusOnSale' : 'product.product.statusOffSale')}
          </Badge>
        ),
      },
      {
        id: 'enabled',
        header: t('product.product.enabled'),
        minWidth: 72,
        width: 84,
        cellTestId: 'product-enabled',
        render: (p) => (
          <Badge appearance="tint" color={p.enabled ? 'brand' : 'danger'}>
            {t(p.enabled ? 'product.product.statusEnabled' : 'product.product.statusDisabled')}
          </Badge>
        ),
      },
      ...tenantColumn<ProductItem>(showTenant, t('product.product.tenantName'), {
        id: 'tenantName',
        minWidth: 88,
        width: 120,
      }),
      {
        id: 'createdAt',
        fold: 3,
        header: t('product.product.createdAt'),
        kind: 'time',
        value: (p) => p.createdAt,
        sortable: true,
      },
      ...(onEdit && onState ? [rowActions(onEdit, onCustomInfo, onState)] : []),
    ],
    [t, styles, showTenant, onEdit, onCustomInfo, onState],
  );

  function rowActions(
    onEdit: ProductActions['onEdit'],
    onCustomInfo: ProductActions['onCustomInfo'],
    onState: ProductActions['onState'],
  ): Column<ProductItem> {
    return {
      id: 'actions',
      pin: 'end',
      header: t('common.actions'),
      minWidth: 150,
      width: onCustomInfo ? 250 : 180,
      shrinkLast: true,
      cellTestId: 'product-actions',
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
    };
  }

  return (
    <DataTable
      label={t('product.product.list')}
      columns={columns}
      {...state}
      rowKey={(p) => p.id}
      sort={sort}
      onSortChange={onSortChange}
      selection={
        actions && {
          selected: actions.selected,
          onChange: actions.onSelect,
          rowLabel: (p) => t('product.product.selectRow', { name: p.name }),
          allLabel: t('product.product.selectAll'),
        }
      }
      rowTestId="product-row"
      rowData={(p) => ({ 'data-product-id': p.id })}
      testId="product-table"
    />
  );
}
