/** Small whole-page states: loading, not found, a route that failed. */
import { Button, makeStyles, Spinner, Text, Title1, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const useStyles = makeStyles({
  center: {
    minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
    gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXXL,
  },
});

export function PageSpinner() {
  const { t } = useTranslation();
  return <div className={useStyles().center}><Spinner label={t('common.loading')} /></div>;
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={useStyles().center} data-testid="not-found">
      <Title1>{t('notFound.title')}</Title1>
      <Text>{t('notFound.text')}</Text>
      <Button appearance="primary" onClick={() => navigate('/')} data-testid="back-home">{t('common.backHome')}</Button>
    </div>
  );
}

/** Route error element: a chunk that failed to load, a render bug. */
export function RouteFailure() {
  const { t } = useTranslation();
  return (
    <div className={useStyles().center} data-testid="route-failure">
      <Title1>{t('failure.title')}</Title1>
      <Text>{t('failure.text')}</Text>
      <Button appearance="primary" onClick={() => window.location.reload()}>{t('failure.reload')}</Button>
    </div>
  );
}

/** Spec §2 no-permission page. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={useStyles().center} data-testid="no-permission">
      <Title1>{t('noPermission.title')}</Title1>
      <Text>{t('noPermission.text')}</Text>
      <Button appearance="primary" onClick={() => navigate('/')} data-testid="back-home">{t('common.backHome')}</Button>
    </div>
  );
}
