/** A list screen's head: its title (the section's name, `aria-labelledby` its id) and its actions, wrapping as the width runs out. */
import { makeStyles, Title3, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function ListHead({
  id,
  title,
  as = 'h1',
  children,
}: {
  id: string;
  title: string;
  /** h2 for a list inside a record's page (a group's members). */
  as?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.head}>
      <Title3 as={as} id={id}>
        {title}
      </Title3>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
