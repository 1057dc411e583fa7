/**
 * The pager back offices expect: total, page size, previous / page numbers
 * with gaps / next, and "go to page". It says nothing about a page that has
 * not arrived: without a total (first load, failed load) only the frame is
 * drawn, so a failure never reads "total 0".
 */
import { Button, Dropdown, Input, makeStyles, mergeClasses, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount, pageItems, PAGE_SIZES, parseJump } from './pages.js';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    minHeight: '32px',
  },
  // Each group wraps as a whole: the page numbers never split from their arrows.
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'nowrap' },
  pages: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    flexWrap: 'wrap',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  page: { minWidth: '32px', paddingInline: tokens.spacingHorizontalXS, fontVariantNumeric: 'tabular-nums' },
  current: { fontWeight: tokens.fontWeightSemibold },
  gap: { display: 'inline-flex', width: '32px', justifyContent: 'center', color: tokens.colorNeutralForeground3 },
  size: { minWidth: '112px' },
  jump: { width: '64px' },
});

/** Splits a text around where `{{page}}` went, so each language orders "go to [n] page" its own way. */
const SLOT = '\u2063';

export interface PagerProps {
  pageNum: number;
  pageSize: number;
  /** Rows in the whole list; undefined while the page has not arrived (nothing is claimed). */
  total: number | undefined;
  /** The total is a lower bound (a count that stops at a cap): "more than N", and the pages it spans. */
  capped?: boolean;
  onChange: (pageNum: number, pageSize: number) => void;
  /** What the total counts, where it is not rows (the category tree counts its top-level categories). */
  totalText?: (total: number) => string;
  /** Prefix of the test ids: `<testId>-total`, `-size`, `-prev`, `-next`, `-page-<n>`, `-jump`. */
  testId?: string;
  /** The list's name, on a page of more than one list: each pager's landmark is then told apart. */
  label?: string;
}

export function Pager({
  pageNum,
  pageSize,
  total,
  capped = false,
  onChange,
  totalText,
  testId = 'pager',
  label,
}: PagerProps) {
  const { t } = useTranslation();
  const name = label === undefined ? t('pager.pages') : t('pager.pagesOf', { name: label });
  const styles = useStyles();
  const sizeLabel = useId();
  const [jump, setJump] = useState('');

  if (total === undefined) return <nav className={styles.root} aria-label={name} data-testid={testId} aria-busy />;

  const pages = pageCount(total, pageSize);
  const go = (page: number) => {
    if (page !== pageNum) onChange(page, pageSize);
  };
  const onJump = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    const page = parseJump(jump, pages);
    setJump('');
    if (page !== undefined) go(page);
  };
  const [jumpBefore = '', jumpAfter = ''] = t('pager.jump', { page: SLOT }).split(SLOT);

  return (
    <nav className={styles.root} aria-label={name} data-testid={testId}>
      <Text data-testid={`${testId}-total`}>
        {totalText ? totalText(total) : t(capped ? 'pager.totalMore' : 'pager.total', { total })}
      </Text>
      <span id={sizeLabel} hidden>
        {t('pager.pageSize')}
      </span>
      <Dropdown
        className={styles.size}
        aria-labelledby={sizeLabel}
        value={t('pager.perPage', { size: pageSize })}
        selectedOptions={[String(pageSize)]}
        onOptionSelect={(_, d) =>
          d.optionValue && Number(d.optionValue) !== pageSize && onChange(1, Number(d.optionValue))
        }
        data-testid={`${testId}-size`}
      >
        {PAGE_SIZES.map((s) => (
          <Option key={s} value={String(s)}>
            {t('pager.perPage', { size: s })}
          </Option>
        ))}
      </Dropdown>
      <div className={styles.group}>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('pager.prev')}
          disabled={pageNum <= 1}
          onClick={() => go(pageNum - 1)}
          data-testid={`${testId}-prev`}
        />
        <ul className={styles.pages}>
          {pageItems(pageNum, pages).map((item) => (
            <li key={item}>
              {typeof item === 'number' ? (
                <Button
                  className={mergeClasses(styles.page, item === pageNum && styles.current)}
                  appearance={item === pageNum ? 'primary' : 'subtle'}
                  aria-label={t('pager.pageN', { page: item })}
                  aria-current={item === pageNum ? 'page' : undefined}
                  onClick={() => go(item)}
                  data-testid={`${testId}-page-${item}`}
                >
                  {item}
                </Button>
              ) : (
                <span className={styles.gap} role="img" aria-label={t('pager.morePages')}>
                  <MoreHorizontalRegular />
                </span>
              )}
            </li>
          ))}
        </ul>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('pager.next')}
          disabled={pageNum >= pages}
          onClick={() => go(pageNum + 1)}
          data-testid={`${testId}-next`}
        />
      </div>
      <label className={styles.group}>
        {jumpBefore.trim() && <Text>{jumpBefore.trim()}</Text>}
        <Input
          className={styles.jump}
          inputMode="numeric"
          value={jump}
          aria-label={t('pager.jumpLabel')}
          onChange={(_, d) => setJump(d.value.replace(/\D/g, ''))}
          onKeyDown={onJump}
          data-testid={`${testId}-jump`}
        />
        {jumpAfter.trim() && <Text>{jumpAfter.trim()}</Text>}
      </label>
    </nav>
  );
}
