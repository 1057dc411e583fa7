/** Small whole-page states: loading, not found, a route that failed, a detail page that cannot show its subject. */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const useStyles = makeStyles({
  center: {
    minHeight: '60vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
  },
  problem: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // What the page says instead of its record is its heading (a screen reader's "headings" list finds it), in the bar's type.
  problemText: { margin: 0, fontSize: 'inherit', fontWeight: 'inherit', lineHeight: 'inherit' },
});

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className={useStyles().center}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={useStyles().center} data-testid="not-found">
      <Title1 as="h1">{t('notFound.title')}</Title1>
      <Text>{t('notFound.text')}</Text>
      <Button appearance="primary" onClick={() => navigate('/')} data-testid="back-home">
        {t('common.backHome')}
      </Button>
    </div>
  );
}

/** Route error element: a chunk that failed to load, a render bug. */
export function RouteFailure() {
  const { t } = useTranslation();
  return (
    <div className={useStyles().center} data-testid="route-failure">
      <Title1 as="h1">{t('failure.title')}</Title1>
      <Text>{t('failure.text')}</Text>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('failure.reload')}
      </Button>
    </div>
  );
}

/** Spec §2 no-permission page. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={useStyles().center} data-testid="no-permission">
      <Title1 as="h1">{t('noPermission.title')}</Title1>
      <Text>{t('noPermission.text')}</Text>
      <Button appearance="primary" onClick={() => navigate('/')} data-testid="back-home">
        {t('common.backHome')}
      </Button>
    </div>
  );
}

/**
 * A detail page whose address names nothing it can show (no id, not an id,
 * gone or not ours) says so with the way back, instead of "try again later";
 * only a failed load offers a retry. Test ids: `<testId>-problem`, `<testId>-retry`.
 */
export function PageProblem({
  back,
  text,
  intent = 'warning',
  onRetry,
  testId,
}: {
  back?: ReactNode;
  text: string;
  intent?: 'warning' | 'error';
  onRetry?: (() => void) | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.problem}>
      {back && <div className={styles.head}>{back}</div>}
      <MessageBar intent={intent} data-testid={`${testId}-problem`}>
        <MessageBarBody>
          <h1 className={styles.problemText}>{text}</h1>
        </MessageBarBody>
        {onRetry && (
          <MessageBarActions>
            <Button icon={<ArrowClockwiseRegular />} onClick={onRetry} data-testid={`${testId}-retry`}>
              {t('common.retry')}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
    </section>
  );
}
