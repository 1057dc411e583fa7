/**
 * A list screen's frame, the same on every list page: a section named by its
 * title, the title with the screen's own buttons on the right (ListHead), the
 * filter row, then what the page passes as children (table, pager, dialogs).
 */
import { Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { ListHead } from './ListHead.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface ListPageProps {
  /** The title's element id, which names the section. */
  id: string;
  title: string;
  /** Buttons beside the title (create, export…). */
  actions?: ReactNode;
  /** What the list is for, said under its title and above its filters. */
  intro?: ReactNode;
  /** The filter row: a FilterBar, and what stands beside it. */
  filters?: ReactNode;
  /** A list inside a record's page (a group's members) is a section of it: its title an h2. */
  nested?: boolean;
  /** A list that is a tab's whole panel, which the tab names: no title shown, the section named by it. */
  untitled?: boolean;
  /** The section's test id, where a test looks inside one list of several on a page. */
  testId?: string;
  children: ReactNode;
}

export function ListPage({
  id,
  title,
  actions,
  intro,
  filters,
  nested = false,
  untitled = false,
  testId,
  children,
}: ListPageProps) {
  const styles = useStyles();
  return (
    <section
      className={styles.page}
      {...(untitled ? { 'aria-label': title } : { 'aria-labelledby': id })}
      data-testid={testId}
    >
      {!untitled && (
        <ListHead id={id} title={title} as={nested ? 'h2' : 'h1'}>
          {actions}
        </ListHead>
      )}
      {intro}
      {filters !== undefined && <div className={styles.filters}>{filters}</div>}
      {children}
    </section>
  );
}

/** A list's create button, beside its title: primary, with the add icon; focus comes back to it when its dialog closes. */
export function CreateButton({
  onClick,
  testId,
  children,
}: {
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  const restoreTarget = useRestoreFocusTarget();
  return (
    <Button appearance="primary" icon={<AddRegular />} onClick={onClick} data-testid={testId} {...restoreTarget}>
      {children}
    </Button>
  );
}
