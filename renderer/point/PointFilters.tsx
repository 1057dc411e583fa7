/**
 * Name and area filters of the point list, with search and reset (the kit's
 * FilterBar). The area is a division of any level: a province, a city or a
 * district holds the points inside it.
 */
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_LIMITS } from '../../shared/point/index.js';
import { FilterBar, FilterField, RegionPicker } from '../kit/index.js';

export interface PointFilter {
  name: string;
  areaCode?: string | undefined;
}
export const EMPTY_FILTER: PointFilter = { name: '' };

export function PointFilters({ onSearch }: { onSearch: (filter: PointFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PointFilter>(EMPTY_FILTER);

  const reset = () => {
    setDraft(EMPTY_FILTER);
    onSearch(EMPTY_FILTER);
  };

  return (
    <FilterBar
      onSearch={() => onSearch({ name: draft.name.trim(), areaCode: draft.areaCode })}
      onReset={reset}
      searchTestId="point-search"
      resetTestId="point-reset"
    >
      <FilterField label={t('point.name')} shown={draft.name}>
        <Input
          value={draft.name}
          maxLength={POINT_LIMITS.name}
          placeholder={t('point.namePlaceholder')}
          onChange={(_, d) => setDraft((f) => ({ ...f, name: d.value }))}
          data-testid="point-filter-name"
        />
      </FilterField>
      <FilterField label={t('point.area')} wide>
        <RegionPicker
          value={draft.areaCode}
          onChange={(areaCode) => setDraft((f) => ({ ...f, areaCode }))}
          testId="point-filter-area"
        />
      </FilterField>
    </FilterBar>
  );
}
