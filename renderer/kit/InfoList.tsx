/** A detail page's facts: label over value, in as many columns as fit (a `<dl>`). */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  info: { margin: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  pair: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export interface InfoItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

export function InfoList({ items }: { items: readonly InfoItem[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.info}>
      {items.map((item) => (
        <div key={item.label} className={styles.pair}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value} data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
