/**
 * The toolbar over a list whose rows can be chosen: how many are chosen (the
 * bar's name as well, for a screen reader), then the actions on them — small
 * buttons, which the screen turns off while none is chosen.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ActionButton, type ActionButtonProps } from './ActionButton.js';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minHeight: '32px' },
});

export function BulkBar({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="toolbar" aria-label={label}>
      <Text data-testid={testId}>{label}</Text>
      {children}
    </div>
  );
}

export type BulkActionProps = Omit<ActionButtonProps, 'size' | 'data-testid'> & { testId: string };

export function BulkAction({ testId, ...props }: BulkActionProps) {
  return <ActionButton {...props} size="small" data-testid={testId} />;
}
