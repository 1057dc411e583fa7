/**
 * The frame of a record's page (an order, a complaint, a device's settings,
 * a scene): the back button, the record's title as the page's heading and the
 * page's actions on one line that wraps, then the record. The back button and
 * what stands instead of the record until it loads come from `useDetail`
 * (app/detail.tsx). `InfoList` lays out the record's facts.
 */
import { makeStyles, mergeClasses, Title3, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0, maxWidth: '1100px' },
  // Room for an order's item table.
  wide: { maxWidth: '1200px' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // A long title breaks anywhere rather than widening the page; it takes the room, so the actions sit at the end.
  title: { overflowWrap: 'anywhere', flexGrow: 1 },
});

export interface DetailPageProps {
  /** Names the heading (`<id>-title`), which names the page's region. */
  id: string;
  title: ReactNode;
  back: ReactElement;
  /** After the title: buttons, a note. */
  actions?: ReactNode;
  wide?: boolean;
  titleTestId?: string;
  children: ReactNode;
}

export function DetailPage({ id, title, back, actions, wide = false, titleTestId, children }: DetailPageProps) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.page, wide && styles.wide)} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id={`${id}-title`} className={styles.title} data-testid={titleTestId}>
          {title}
        </Title3>
        {actions}
      </div>
      {children}
    </section>
  );
}

const useInfoStyles = makeStyles({
  info: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  pair: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export interface InfoItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A record's facts: label over value, in as many columns as fit (a `<dl>`). */
export function InfoList({ items }: { items: readonly InfoItem[] }) {
  const styles = useInfoStyles();
  return (
    <dl className={styles.info}>
      {items.map((item) => (
        <div key={item.label} className={styles.pair}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
