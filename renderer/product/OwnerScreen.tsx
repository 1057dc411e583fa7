/**
 * The frame of a screen that belongs to one category or custom model
 * (setProperty, imgFormat: `?categoryId=`; infoDetails, imgDetails:
 * `?modelId=`): a way back to the list, the title with the owner's name, and
 * a clear word instead of "try again later" when the address names no owner,
 * not one, or one that is gone or not ours.
 */
import { Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { codeMessage, refusedWith } from '../app/errors.js';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { overflowWrap: 'anywhere' },
});

/** The owner's load as the frame reads it (a TanStack Query result). */
export interface OwnerLoad<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface OwnerScreenProps<T extends { name: string }> {
  /** The query parameter naming the owner. */
  param: string;
  /** Loads the owner by id (enabled only when there is one). */
  useOwner: (id: number | undefined) => OwnerLoad<T>;
  /** The code that says the owner does not exist or is not ours. */
  goneCode: number;
  /** What to say when the address names no owner. */
  chooseFirst: string;
  backPath: string;
  backLabel: string;
  title: (name: string) => string;
  testId: string;
  children: (owner: T) => ReactNode;
}

export function OwnerScreen<T extends { name: string }>({
  param,
  useOwner,
  goneCode,
  chooseFirst,
  backPath,
  backLabel,
  title,
  testId,
  children,
}: OwnerScreenProps<T>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get(param));
  const owner = useOwner(id);

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(backPath)} data-testid={`${testId}-back`}>
      {backLabel}
    </Button>
  );
  const problem = (text: string, intent: 'warning' | 'error', retry?: () => void) => (
    <PageProblem back={back} text={text} intent={intent} onRetry={retry} testId={testId} />
  );

  if (id === undefined) return problem(chooseFirst, 'warning');
  if (owner.isError && !owner.isFetching) {
    return refusedWith(owner.error, goneCode)
      ? problem(codeMessage(goneCode), 'warning')
      : problem(t('common.loadFailed'), 'error', () => void owner.refetch());
  }
  if (!owner.data) return <PageSpinner />;
  return (
    <section className={styles.page} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id={`${testId}-title`} className={styles.title}>
          {title(owner.data.name)}
        </Title3>
      </div>
      {children(owner.data)}
    </section>
  );
}
