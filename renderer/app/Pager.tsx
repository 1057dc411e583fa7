/** Total, page-size choice and previous/next for a paged list. */
import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalM },
  size: { minWidth: '120px' },
});

export interface PagerProps {
  pageNum: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
  testId?: string;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export function Pager({ pageNum, pageSize, total, onChange, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const sizeLabel = useId();
  const pages = pageCount(total, pageSize);
  return (
    <div className={styles.root} data-testid={testId}>
      <Text data-testid={`${testId}-total`}>{t('pager.total', { total })}</Text>
      <span id={sizeLabel} hidden>{t('pager.pageSize')}</span>
      <Dropdown
        className={styles.size}
        aria-labelledby={sizeLabel}
        value={t('pager.perPage', { size: pageSize })}
        selectedOptions={[String(pageSize)]}
        onOptionSelect={(_, d) => d.optionValue && onChange(1, Number(d.optionValue))}
        data-testid={`${testId}-size`}
      >
        {PAGE_SIZES.map((s) => (
          <Option key={s} value={String(s)}>{t('pager.perPage', { size: s })}</Option>
        ))}
      </Dropdown>
      <Button icon={<ChevronLeftRegular />} aria-label={t('pager.prev')} disabled={pageNum <= 1} onClick={() => onChange(pageNum - 1, pageSize)} data-testid={`${testId}-prev`} />
      <Text>{t('pager.page', { page: pageNum, pages })}</Text>
      <Button icon={<ChevronRightRegular />} aria-label={t('pager.next')} disabled={pageNum >= pages} onClick={() => onChange(pageNum + 1, pageSize)} data-testid={`${testId}-next`} />
    </div>
  );
}
