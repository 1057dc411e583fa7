/** A rollout's state, and a device's step in it, as badges. */
import { Badge, makeStyles } from '@fluentui/react-components';
import type { JobState, RolloutState } from '../../shared/firmware/index.js';
import { useScreen } from '../kit/index.js';

const ROLLOUT = {
  approval: 'warning',
  running: 'brand',
  paused: 'warning',
  stopped: 'danger',
  cancelled: 'informative',
  done: 'success',
} as const satisfies Record<RolloutState, string>;
const JOB = {
  queued: 'informative',
  offered: 'brand',
  downloading: 'brand',
  installing: 'brand',
  done: 'success',
  failed: 'danger',
  cancelled: 'informative',
} as const satisfies Record<JobState, string>;

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

export function RolloutStateBadge({ state, testId }: { state: RolloutState; testId?: string }) {
  const { t } = useScreen();
  return (
    <Badge appearance="tint" color={ROLLOUT[state]} className={useStyles().badge} data-testid={testId}>
      {t(`firmware.rollout.states.${state}`)}
    </Badge>
  );
}

export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useScreen();
  return (
    <Badge appearance="tint" color={JOB[state]} className={useStyles().badge}>
      {t(`firmware.rollout.jobStates.${state}`)}
    </Badge>
  );
}
