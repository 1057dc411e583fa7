/** A package's state as a badge: released green, a draft blue, withdrawn grey. */
import { Badge, makeStyles } from '@fluentui/react-components';
import type { PackageState } from '../../shared/firmware/index.js';
import { useScreen } from '../kit/index.js';

const COLOR = { released: 'success', draft: 'brand', withdrawn: 'informative' } as const satisfies Record<
  PackageState,
  string
>;

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

export function StateBadge({ state, testId }: { state: PackageState; testId?: string }) {
  const { t } = useScreen();
  const styles = useStyles();
  return (
    <Badge appearance="tint" color={COLOR[state]} className={styles.badge} data-testid={testId}>
      {t(`firmware.states.${state}`)}
    </Badge>
  );
}
