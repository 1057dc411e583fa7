/** Filters of the product list: keyword (name, pinyin, number), category with its subcategories, sale and enabled state, tag, model, tenant. */
import { Dropdown, Input, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS } from '../../shared/product/index.js';
import { FilterBar, FilterField, TenantFilter, useFilterShown } from '../kit/index.js';
import { CategoryDropdown } from './CategoryDropdown.js';

export interface ProductFilter {
  keyword: string;
  categoryId?: number | undefined;
  onSale?: boolean | undefined;
  enabled?: boolean | undefined;
  tag: string;
  model: string;
  tenantId?: number | undefined;
}
export const EMPTY_PRODUCT_FILTER: ProductFilter = { keyword: '', tag: '', model: '' };

/** A yes/no/either choice as a dropdown. */
function StateDropdown({
  value,
  onChange,
  yes,
  no,
  all,
  testId,
}: {
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
  yes: string;
  no: string;
  all: string;
  testId: string;
}) {
  const key = value === undefined ? '' : value ? 'yes' : 'no';
  useFilterShown(value === undefined ? undefined : value ? yes : no);
  return (
    <Dropdown
      value={value === undefined ? all : value ? yes : no}
      selectedOptions={[key]}
      data-testid={testId}
      onOptionSelect={(_, d) => onChange(d.optionValue === 'yes' ? true : d.optionValue === 'no' ? false : undefined)}
    >
      <Option value="">{all}</Option>
      <Option value="yes">{yes}</Option>
      <Option value="no">{no}</Option>
    </Dropdown>
  );
}

export function ProductFilters({ onSearch }: { onSearch: (filter: ProductFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProductFilter>(EMPTY_PRODUCT_FILTER);
  const set = (patch: Partial<ProductFilter>) => setDraft((f) => ({ ...f, ...patch }));
  const reset = () => {
    setDraft(EMPTY_PRODUCT_FILTER);
    onSearch(EMPTY_PRODUCT_FILTER);
  };
  return (
    <FilterBar
      onSearch={() =>
        onSearch({ ...draft, keyword: draft.keyword.trim(), tag: draft.tag.trim(), model: draft.model.trim() })
      }
      onReset={reset}
      searchTestId="product-search"
      resetTestId="product-reset"
    >
      <FilterField label={t('product.product.keyword')} shown={draft.keyword}>
        <Input
          value={draft.keyword}
          maxLength={PRODUCT_LIMITS.name}
          placeholder={t('product.product.keywordPlaceholder')}
          onChange={(_, d) => set({ keyword: d.value })}
          data-testid="product-filter-keyword"
        />
      </FilterField>
      <TenantFilter
        label={t('common.tenant')}
        value={draft.tenantId}
        onChange={(tenantId) => set({ tenantId, categoryId: undefined })}
        testId="product-filter-tenant"
      />
      <FilterField label={t('product.product.category')}>
        <CategoryDropdown
          tenantId={draft.tenantId}
          value={draft.categoryId}
          onChange={(categoryId) => set({ categoryId })}
          placeholder={t('common.all')}
          clearLabel={t('common.all')}
          testId="product-filter-category"
        />
      </FilterField>
      <FilterField label={t('product.product.onSale')}>
        <StateDropdown
          value={draft.onSale}
          onChange={(onSale) => set({ onSale })}
          all={t('common.all')}
          yes={t('product.product.statusOnSale')}
          no={t('product.product.statusOffSale')}
          testId="product-filter-sale"
        />
      </FilterField>
      <FilterField label={t('product.product.enabled')}>
        <StateDropdown
          value={draft.enabled}
          onChange={(enabled) => set({ enabled })}
          all={t('common.all')}
          yes={t('product.product.statusEnabled')}
          no={t('product.product.statusDisabled')}
          testId="product-filter-enabled"
        />
      </FilterField>
      <FilterField label={t('product.product.tags')} shown={draft.tag}>
        <Input
          value={draft.tag}
          maxLength={PRODUCT_LIMITS.tag}
          onChange={(_, d) => set({ tag: d.value })}
          data-testid="product-filter-tag"
        />
      </FilterField>
      <FilterField label={t('product.product.model')} shown={draft.model}>
        <Input
          value={draft.model}
          maxLength={PRODUCT_LIMITS.model}
          onChange={(_, d) => set({ model: d.value })}
          data-testid="product-filter-model"
        />
      </FilterField>
    </FilterBar>
  );
}
