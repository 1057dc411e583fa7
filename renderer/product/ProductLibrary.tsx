/**
 * A product library's list (spec §2 productList and merchandise, §5 product
 * rules), built from the list kit: filters, sortable table with thumbnails,
 * row and bulk sale/enable changes. The two libraries differ in their calls
 * and in how a product is created and edited (a dialog for the old one, the
 * nweGoods page for the new), which their pages pass in.
 */
import { Button, makeStyles, Text, Title3, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, MoneyRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { z } from 'zod';
import type { PriceChangeResult, productFilter, ProductItem, ProductSort } from '../../shared/product/index.js';
import { refusedWith } from '../app/errors.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useUser } from '../app/session.js';
import { ActionButton, listView, Pager, seesTenants, shownTotal, useSelection, type Sort, useLastPage } from '../kit/index.js';
import { EMPTY_PRODUCT_FILTER, ProductFilters, type ProductFilter } from './ProductFilters.js';
import { PriceChangeDialog, type PriceChange } from './PriceChangeDialog.js';
import { ProductTable } from './ProductTable.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  bulk: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minHeight: '32px' },
});

const DEFAULT_SORT: Sort = { id: 'createdAt', desc: true };

type Change = { onSale?: boolean; enabled?: boolean };

/** The part of a page query the library looks at (TanStack Query's result). */
export interface LibraryList {
  data: { list: readonly ProductItem[]; total: number } | undefined;
  isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ProductLibraryProps {
  /** The title's i18n key. */
  title: 'product.route.productList' | 'product.route.merchandise';
  /** The library's page call, made with what the filters, pager and sort say. */
  useList: (input: { query: { pageNum: number; pageSize: number }; body: z.input<typeof productFilter> }) => LibraryList;
  /** The library's state change, all or none. */
  useChange: () => { mutateAsync: (input: { body: { ids: number[] } & Change }) => Promise<{ changed: number }> };
  /** The library's bulk price change (preview or apply). */
  usePrice: () => { mutateAsync: (input: { body: Parameters<PriceChange>[0] }) => Promise<PriceChangeResult> };
  /** The query keys to refresh when a product is gone or disabled meanwhile. */
  listKey: string;
  onCreate: () => void;
  onEdit: (product: ProductItem) => void;
  onCustomInfo?: (product: ProductItem) => void;
}

export function ProductLibrary({ title, useList, useChange, usePrice, listKey, onCreate, onEdit, onCustomInfo }: ProductLibraryProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const user = useUser();
  const client = useQueryClient();
  const restoreTarget = useRestoreFocusTarget();
  const byTenant = seesTenants(user);

  const [filter, setFilter] = useState<ProductFilter>(EMPTY_PRODUCT_FILTER);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);

  const body = {
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
    ...(filter.categoryId !== undefined ? { categoryId: filter.categoryId } : {}),
    ...(filter.onSale !== undefined ? { onSale: filter.onSale } : {}),
    ...(filter.enabled !== undefined ? { enabled: filter.enabled } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
    ...(filter.model ? { model: filter.model } : {}),
    ...(filter.tenantId !== undefined ? { tenantId: filter.tenantId } : {}),
    sort: sort.id as ProductSort,
    desc: sort.desc,
  };
  const list = useList({ query: paging, body });
  const state = useChange();
  const price = usePrice();
  const [pricing, setPricing] = useState<number[] | null>(null);
  const view = listView(list);
  const total = shownTotal(list);
  const rows = list.data?.list ?? NO_PRODUCTS;
  const selection = useSelection(rows);

  useLastPage(paging, setPaging, total, !list.isPlaceholderData);

  const change = useCallback(async (ids: number[], patch: Change) => {
    try {
      const { changed } = await state.mutateAsync({ body: { ids, ...patch } });
      notify(t('product.product.stateChanged', { count: changed }));
      return true;
    } catch (error) {
      report(error, { fallback: t('product.product.stateFailed') });
      // Gone or disabled meanwhile: show the list as it is now.
      if (refusedWith(error, CODE.productNotFound) || refusedWith(error, CODE.productDisabled)) await client.invalidateQueries({ queryKey: [listKey] });
      return false;
    }
  }, [state, notify, report, t, client, listKey]);

  const onState = useCallback(async (p: ProductItem, patch: Change) => { await change([p.id], patch); }, [change]);
  const bulk = async (patch: Change) => {
    if (await change(selection.ids, patch)) selection.clear();
  };
  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} onClick={onCreate} data-testid={testId} {...restoreTarget}>
      {t('product.product.create')}
    </Button>
  );
  const none = selection.ids.length === 0;

  return (
    <section className={styles.page} aria-labelledby="product-list-title">
      <Title3 as="h1" id="product-list-title">{t(title)}</Title3>
      <div className={styles.head}>
        <ProductFilters byTenant={byTenant} onSearch={(f) => { setFilter(f); setPaging((p) => ({ ...p, pageNum: 1 })); selection.clear(); }} />
        {create('product-create')}
      </div>
      <div className={styles.bulk} role="toolbar" aria-label={t('product.product.selected', { count: selection.ids.length })}>
        <Text data-testid="product-selected">{t('product.product.selected', { count: selection.ids.length })}</Text>
        <ActionButton size="small" disabled={none} action={() => bulk({ onSale: true })} data-testid="product-bulk-on">{t('product.product.putOnSale')}</ActionButton>
        <ActionButton size="small" disabled={none} action={() => bulk({ onSale: false })} data-testid="product-bulk-off">{t('product.product.takeOffSale')}</ActionButton>
        <ActionButton size="small" disabled={none} action={() => bulk({ enabled: true })} data-testid="product-bulk-enable">{t('product.product.enable')}</ActionButton>
        <ActionButton size="small" disabled={none} danger action={() => bulk({ enabled: false })} data-testid="product-bulk-disable">{t('product.product.disable')}</ActionButton>
        <ActionButton size="small" disabled={none} icon={<MoneyRegular />} opensDialog action={() => setPricing(selection.ids)} data-testid="product-bulk-price">
          {t('product.price.open')}
        </ActionButton>
      </div>
      <ProductTable
        rows={rows}
        view={view}
        busy={view === 'rows' && list.isFetching}
        onRetry={() => void list.refetch()}
        emptyAction={create('product-empty-create')}
        showTenant={byTenant}
        sort={sort}
        onSortChange={(next) => { setSort(next ?? DEFAULT_SORT); setPaging((p) => ({ ...p, pageNum: 1 })); }}
        selected={selection.selected}
        onSelect={selection.setSelected}
        onEdit={onEdit}
        onCustomInfo={onCustomInfo}
        onState={onState}
      />
      {pricing && (
        <PriceChangeDialog ids={pricing} change={(body) => price.mutateAsync({ body })}
          onClose={(changed) => { setPricing(null); if (changed) selection.clear(); }} />
      )}
      <Pager pageNum={paging.pageNum} pageSize={paging.pageSize} total={total} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} testId="product-pager" />
    </section>
  );
}

const NO_PRODUCTS: readonly ProductItem[] = [];
