/** A rollout's state, and a device's step in it, as badges. */
import type { JobState, RolloutState } from '../../shared/firmware/index.js';
import { StateBadge, useScreen } from '../kit/index.js';

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

export function RolloutStateBadge({ state, testId }: { state: RolloutState; testId?: string }) {
  const { t } = useScreen();
  return (
    <StateBadge
      state={state}
      colours={ROLLOUT}
      label={(s) => t(`firmware.rollout.states.${s}`)}
      {...(testId ? { testId } : {})}
    />
  );
}

export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useScreen();
  return <StateBadge state={state} colours={JOB} label={(s) => t(`firmware.rollout.jobStates.${s}`)} />;
}
