/** The one page of every screen a later issue builds: its title and "not available in this version". */
import { makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import type { RouteTitle } from '../../shared/routes.js';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '40vh',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  text: { color: tokens.colorNeutralForeground3 },
});

export function Placeholder({ title }: { title: RouteTitle | undefined }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const titleId = useId();
  return (
    <section className={styles.page} data-testid="placeholder" aria-labelledby={title ? titleId : undefined}>
      {title && (
        <Title3 as="h1" id={titleId}>
          {titleText(t, title)}
        </Title3>
      )}
      <Text className={styles.text} data-testid="placeholder-text">
        {t('placeholder.text')}
      </Text>
    </section>
  );
}
