/**
 * Name and area filters of the point list, with search and reset (the kit's
 * FilterBar): the filter as typed is the list page's (useListPage). The area
 * is a division of any level: a province, a city or a district holds the
 * points inside it.
 */
import { useTranslation } from 'react-i18next';
import { POINT_LIMITS } from '../../shared/point/index.js';
import { FilterBar, FilterField, RegionPicker, TextFilter, type DraftField } from '../kit/index.js';

export interface PointFilter {
  name: string;
  areaCode?: string | undefined;
}
export const EMPTY_FILTER: PointFilter = { name: '' };

export interface PointFiltersProps {
  field: DraftField<PointFilter>;
  apply: () => void;
  reset: () => void;
}

export function PointFilters({ field, apply, reset }: PointFiltersProps) {
  const { t } = useTranslation();
  return (
    <FilterBar onSearch={apply} onReset={reset} searchTestId="point-search" resetTestId="point-reset">
      <TextFilter
        label={t('point.name')}
        {...field('name')}
        maxLength={POINT_LIMITS.name}
        placeholder={t('point.namePlaceholder')}
        testId="point-filter-name"
      />
      <FilterField label={t('point.area')} wide>
        <RegionPicker {...field('areaCode')} testId="point-filter-area" />
      </FilterField>
    </FilterBar>
  );
}
