/** Keyword (name, pinyin or number) and tenant filters of the category list (the kit's FilterBar). */
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftField, FilterBar, FilterField, TenantFilter } from '../kit/index.js';

export interface CategoryFilter {
  keyword: string;
  tenantId?: number | undefined;
}
export const EMPTY_CATEGORY_FILTER: CategoryFilter = { keyword: '' };

export function CategoryFilters({ onSearch }: { onSearch: (filter: CategoryFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CategoryFilter>(EMPTY_CATEGORY_FILTER);
  const field = draftField(draft, setDraft);
  const reset = () => {
    setDraft(EMPTY_CATEGORY_FILTER);
    onSearch(EMPTY_CATEGORY_FILTER);
  };
  return (
    <FilterBar
      onSearch={() => onSearch({ ...draft, keyword: draft.keyword.trim() })}
      onReset={reset}
      searchTestId="category-search"
      resetTestId="category-reset"
    >
      <FilterField label={t('product.category.keyword')} shown={draft.keyword}>
        <Input
          value={draft.keyword}
          maxLength={20}
          placeholder={t('product.category.keywordPlaceholder')}
          onChange={(_, d) => setDraft((f) => ({ ...f, keyword: d.value }))}
          data-testid="category-filter-keyword"
        />
      </FilterField>
      <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="category-filter-tenant" />
    </FilterBar>
  );
}
