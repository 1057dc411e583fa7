/**
 * The frame of a screen that belongs to one category (setProperty,
 * imgFormat: `?categoryId=`): a way back to the categories, the title with the
 * category's name, and a clear word instead of "try again later" when the
 * address names no category, not one, or one that is gone or not ours (1104).
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE, errorEntry } from '../../shared/domains.js';
import type { CategoryItem } from '../../shared/product/index.js';
import { useOp } from '../bridge.js';
import { refusedWith } from '../app/errors.js';
import { PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { currentLang } from '../i18n/index.js';
import { CATEGORIES_PATH } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { overflowWrap: 'anywhere' },
});

export interface CategoryScreenProps {
  /** The heading, given the category's name. */
  title: (name: string) => string;
  testId: string;
  children: (category: CategoryItem) => ReactNode;
}

export function CategoryScreen({ title, testId, children }: CategoryScreenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get('categoryId'));
  const info = useOp('product.categoryInfo', { params: { id: id ?? 0 } }, { enabled: id !== undefined });

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(CATEGORIES_PATH)} data-testid={`${testId}-back`}>
      {t('product.attribute.back')}
    </Button>
  );
  const problem = (text: string, intent: 'warning' | 'error', retry?: () => void) => (
    <section className={styles.page}>
      <div className={styles.head}>{back}</div>
      <MessageBar intent={intent} data-testid={`${testId}-problem`}>
        <MessageBarBody>{text}</MessageBarBody>
        {retry && (
          <MessageBarActions>
            <Button icon={<ArrowClockwiseRegular />} onClick={retry}>{t('common.retry')}</Button>
          </MessageBarActions>
        )}
      </MessageBar>
    </section>
  );

  if (id === undefined) return problem(t('product.category.chooseFirst'), 'warning');
  if (info.isError && !info.isFetching) {
    return refusedWith(info.error, CODE.categoryNotFound)
      ? problem(errorEntry(CODE.categoryNotFound).texts[currentLang()], 'warning')
      : problem(t('common.loadFailed'), 'error', () => void info.refetch());
  }
  if (!info.data) return <PageSpinner />;
  return (
    <section className={styles.page} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id={`${testId}-title`} className={styles.title}>{title(info.data.name)}</Title3>
      </div>
      {children(info.data)}
    </section>
  );
}
