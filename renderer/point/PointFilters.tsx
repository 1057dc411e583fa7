/** Name and area filters of the point list, with search and reset. */
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_LIMITS } from '../../shared/api/point.js';

export interface PointFilter { name: string; area: string }
export const EMPTY_FILTER: PointFilter = { name: '', area: '' };

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

export function PointFilters({ onSearch }: { onSearch: (filter: PointFilter) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState<PointFilter>(EMPTY_FILTER);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ name: draft.name.trim(), area: draft.area.trim() });
  };
  const reset = () => {
    setDraft(EMPTY_FILTER);
    onSearch(EMPTY_FILTER);
  };

  return (
    <form className={styles.form} onSubmit={submit} role="search">
      <Field label={t('point.name')}>
        <Input value={draft.name} maxLength={POINT_LIMITS.name} placeholder={t('point.namePlaceholder')}
          onChange={(_, d) => setDraft((f) => ({ ...f, name: d.value }))} data-testid="point-filter-name" />
      </Field>
      <Field label={t('point.area')}>
        <Input value={draft.area} maxLength={POINT_LIMITS.area} placeholder={t('point.areaPlaceholder')}
          onChange={(_, d) => setDraft((f) => ({ ...f, area: d.value }))} data-testid="point-filter-area" />
      </Field>
      <Button type="submit" appearance="primary" icon={<SearchRegular />} data-testid="point-search">{t('common.search')}</Button>
      <Button type="button" icon={<ArrowResetRegular />} onClick={reset} data-testid="point-reset">{t('common.reset')}</Button>
    </form>
  );
}
