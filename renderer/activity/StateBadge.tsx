/** An activity's state (spec §4) as a badge: active green, not started blue, the ended ones grey, disabled amber. */
import { Badge, makeStyles } from '@fluentui/react-components';
import type { ActivityState } from '../../shared/activity/index.js';
import { useScreen } from '../kit/index.js';

const COLOR = {
  active: 'success',
  notStarted: 'brand',
  disabled: 'warning',
  expired: 'informative',
  stopped: 'informative',
} as const satisfies Record<ActivityState, string>;

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

export function StateBadge({ state, testId }: { state: ActivityState; testId?: string }) {
  const { t } = useScreen();
  const styles = useStyles();
  return (
    <Badge appearance="tint" color={COLOR[state]} className={styles.badge} data-testid={testId}>
      {t(`activity.states.${state}`)}
    </Badge>
  );
}
