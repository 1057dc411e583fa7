/**
 * A product library's list (spec §2 productList and merchandise, §5 product
 * rules), built from the list kit: filters, sortable table with thumbnails,
 * row and bulk sale/enable changes. The two libraries differ in their calls
 * and in how a product is created and edited (a dialog for the old one, the
 * nweGoods page for the new), which their pages pass in.
 */
import { Button, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, MoneyRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import type { PriceChangeResult, ProductItem } from '../../shared/product/index.js';
import { refusedWith } from '../app/errors.js';
import { mayOpenPath } from '../app/session.js';
import { BulkAction, BulkBar, filterBody, ResourceList, useResource, useScreen, useSelection } from '../kit/index.js';
import { EMPTY_PRODUCT_FILTER, ProductFilters } from './ProductFilters.js';
import { PriceChangeDialog, type PriceChange } from './PriceChangeDialog.js';
import { PRODUCT_SORT, sortBody, useProductColumns } from './productColumns.js';
import { PRICES_PATH } from './paths.js';

type Change = { onSale?: boolean; enabled?: boolean };

export interface ProductLibraryProps {
  /** The title's i18n key. */
  title: 'product.route.productList' | 'product.route.merchandise';
  /** The library's page call, made with what the filters, pager and sort say. */
  listOp: 'product.page' | 'product.newPage';
  /** The library's state change, all or none. */
  useChange: () => { mutateAsync: (input: { body: { ids: number[] } & Change }) => Promise<{ changed: number }> };
  /** The library's bulk price change (preview or apply). */
  usePrice: () => { mutateAsync: (input: { body: Parameters<PriceChange>[0] }) => Promise<PriceChangeResult> };
  onCreate: () => void;
  onEdit: (product: ProductItem) => void;
  onCustomInfo?: (product: ProductItem) => void;
}

export function ProductLibrary({
  title,
  listOp,
  useChange,
  usePrice,
  onCreate,
  onEdit,
  onCustomInfo,
}: ProductLibraryProps) {
  const { t, notify, report, user, navigate } = useScreen();
  const restoreTarget = useRestoreFocusTarget();
  const products = useResource(listOp, {
    ns: 'product.product',
    testId: 'product',
    empty: EMPTY_PRODUCT_FILTER,
    sort: PRODUCT_SORT,
    body: (filter, sort) => ({ ...filterBody(filter), ...sortBody(sort) }),
  });
  const { search, refresh, rows, filter } = products;
  const state = useChange();
  const price = usePrice();
  const [pricing, setPricing] = useState<number[] | null>(null);
  const selection = useSelection(rows, filter);

  const change = useCallback(
    async (ids: number[], patch: Change) => {
      try {
        const { changed } = await state.mutateAsync({ body: { ids, ...patch } });
        notify(t('product.product.stateChanged', { count: changed }));
        return true;
      } catch (error) {
        report(error, { fallback: t('product.product.stateFailed') });
        // Gone or disabled meanwhile: show the list as it is now.
        if (refusedWith(error, CODE.productNotFound) || refusedWith(error, CODE.productDisabled)) await refresh();
        return false;
      }
    },
    [state, notify, report, t, refresh],
  );

  const onState = useCallback(
    async (p: ProductItem, patch: Change) => {
      await change([p.id], patch);
    },
    [change],
  );
  const bulk = async (patch: Change) => {
    if (await change(selection.ids, patch)) selection.clear();
  };
  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} onClick={onCreate} data-testid={testId} {...restoreTarget}>
      {t('product.product.create')}
    </Button>
  );
  const none = selection.ids.length === 0;

  const columns = useProductColumns(products, { onEdit, onCustomInfo, onState });
  return (
    <ResourceList
      resource={products}
      title={t(title)}
      columns={columns}
      rowKey={(p) => p.id}
      besideFilters={
        <>
          <ProductFilters
            onSearch={(f) => {
              search(f);
              selection.clear();
            }}
          />
          {create('product-create')}
        </>
      }
      aboveTable={
        <BulkBar label={t('product.product.selected', { count: selection.ids.length })} testId="product-selected">
          <BulkAction disabled={none} action={() => bulk({ onSale: true })} testId="product-bulk-on">
            {t('product.product.putOnSale')}
          </BulkAction>
          <BulkAction disabled={none} action={() => bulk({ onSale: false })} testId="product-bulk-off">
            {t('product.product.takeOffSale')}
          </BulkAction>
          <BulkAction disabled={none} action={() => bulk({ enabled: true })} testId="product-bulk-enable">
            {t('product.product.enable')}
          </BulkAction>
          <BulkAction disabled={none} danger action={() => bulk({ enabled: false })} testId="product-bulk-disable">
            {t('product.product.disable')}
          </BulkAction>
          <BulkAction
            disabled={none}
            icon={<MoneyRegular />}
            opensDialog
            action={() => setPricing(selection.ids)}
            testId="product-bulk-price"
          >
            {t('product.price.open')}
          </BulkAction>
          {listOp === 'product.page' && mayOpenPath(user, PRICES_PATH) && (
            <BulkAction
              disabled={none}
              opensDialog
              action={() => void navigate(`${PRICES_PATH}?products=${selection.ids.join(',')}`)}
              testId="product-bulk-machine-prices"
            >
              {t('product.product.machinePrices')}
            </BulkAction>
          )}
        </BulkBar>
      }
      table={{
        emptyAction: create('product-empty-create'),
        rowData: (p) => ({ 'data-product-id': p.id }),
        selection: selection.table(
          (p) => t('product.product.selectRow', { name: p.name }),
          t('product.product.selectAll'),
        ),
      }}
    >
      {pricing && (
        <PriceChangeDialog
          ids={pricing}
          change={(body) => price.mutateAsync({ body })}
          onClose={(changed) => {
            setPricing(null);
            if (changed) selection.clear();
          }}
        />
      )}
    </ResourceList>
  );
}
