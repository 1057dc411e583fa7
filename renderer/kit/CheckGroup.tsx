/**
 * A labelled group of checkboxes with a hint and a validation message, as a
 * Field shows them. Not a Fluent Field: a Field hands its id, label and
 * validation state to every Fluent control inside it, so each checkbox of a
 * list would be named after the whole field.
 */
import { Label, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    border: 0,
    margin: 0,
    padding: 0,
    minWidth: 0,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface CheckGroupProps {
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function CheckGroup({ label, required = false, hint, error, className, testId, children }: CheckGroupProps) {
  const styles = useStyles();
  const id = useId();
  return (
    <div
      className={styles.group}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <Label id={`${id}-label`} required={required}>
        {label}
      </Label>
      <div className={className} data-testid={testId}>
        {children}
      </div>
      {error ? (
        <Text id={`${id}-error`} size={200} className={styles.error} role="alert">
          {error}
        </Text>
      ) : hint ? (
        <Text id={`${id}-hint`} size={200} className={styles.hint}>
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
