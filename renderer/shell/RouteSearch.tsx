/**
 * Header route search (spec §2): fuzzy over the titles and paths of the
 * user's visible menu routes (Fuse.js: title 0.7, path 0.3, threshold 0.4,
 * queries cut to 32 characters); picking a result navigates. A search icon
 * opens the box; it folds away again when left empty, and Escape clears and
 * folds it at once. A query that finds nothing says so.
 */
import {
  Button,
  Combobox,
  makeStyles,
  mergeClasses,
  Option,
  Tooltip,
  type ComboboxProps,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import Fuse from 'fuse.js';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { useNavigate } from 'react-router';
import { ROUTE_SEARCH_OPTIONS, searchEntries, searchQuery, type SearchEntry } from '../../shared/routes.js';
import { useUser } from '../app/session.js';
import { useShell } from './context.js';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center' },
  box: { minWidth: '180px', width: '200px' },
  /** A narrow top bar: the box takes less of the breadcrumb's room. */
  compact: { minWidth: '120px', width: '140px' },
});

const MAX_RESULTS = 10;

export function RouteSearch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useUser();
  const { routes } = useShell();
  const [shown, setShown] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const fuse = useMemo(
    () =>
      new Fuse<SearchEntry>(
        searchEntries(routes, user, (key) => titleText(t, key)),
        ROUTE_SEARCH_OPTIONS,
      ),
    // `t` changes with the language: the index is rebuilt in the new one.
    [routes, user, t, i18n.language],
  );
  const pattern = searchQuery(query);
  const results = pattern ? fuse.search(pattern, { limit: MAX_RESULTS }).map((r) => r.item) : [];

  const fold = () => {
    setQuery('');
    setOpen(false);
    setShown(false);
  };

  const onKeyDown: ComboboxProps['onKeyDown'] = (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    fold();
    // The box is gone: the focus goes back to what opened it.
    toggle.current?.focus();
  };

  const onSelect: ComboboxProps['onOptionSelect'] = (_, data) => {
    if (!data.optionValue) return;
    fold();
    void navigate(data.optionValue);
  };

  return (
    <div className={styles.root}>
      <Tooltip content={t('shell.search')} relationship="label">
        <Button
          ref={toggle}
          appearance="subtle"
          icon={<SearchRegular />}
          aria-expanded={shown}
          onClick={() => (shown ? fold() : setShown(true))}
          data-testid="route-search-toggle"
        />
      </Tooltip>
      {shown && (
        <Combobox
          className={mergeClasses(styles.box, compact && styles.compact)}
          freeform
          autoFocus
          size="small"
          appearance="underline"
          expandIcon={null}
          placeholder={t('shell.searchPlaceholder')}
          aria-label={t('shell.search')}
          value={query}
          selectedOptions={[]}
          open={open && pattern !== ''}
          onOpenChange={(_, d) => setOpen(d.open)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onBlur={() => {
            if (!query) fold();
          }}
          onKeyDown={onKeyDown}
          onOptionSelect={onSelect}
          data-testid="route-search"
        >
          {results.length > 0 ? (
            results.map((r) => (
              <Option
                key={r.path}
                value={r.path}
                text={r.title.join(' > ')}
                data-testid="route-search-result"
                data-path={r.path}
              >
                {r.title.join(' > ')}
              </Option>
            ))
          ) : (
            // Fluent's own "no matches" row: announced, not selectable (its empty value navigates nowhere).
            <Option key="none" aria-disabled="true" value="" text="" data-testid="route-search-empty">
              {t('shell.searchEmpty')}
            </Option>
          )}
        </Combobox>
      )}
    </div>
  );
}
