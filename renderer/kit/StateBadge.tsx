/**
 * A record's state as a tinted badge in its colour, never wrapped: a
 * list's state column (the resource's `badge`), a record page's heading.
 */
import { Badge, makeStyles, type BadgeProps } from '@fluentui/react-components';

export type BadgeColour = BadgeProps['color'];

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

export function StateBadge<S extends string>({
  state,
  colours,
  label,
  title,
  testId,
}: {
  state: S;
  colours: Readonly<Record<S, BadgeColour>>;
  /** The state's words. */
  label: (state: S) => string;
  /** More about it, on hover (a failed day's error). */
  title?: string | undefined;
  testId?: string;
}) {
  const styles = useStyles();
  return (
    <Badge appearance="tint" color={colours[state]} className={styles.badge} title={title} data-testid={testId}>
      {label(state)}
    </Badge>
  );
}
