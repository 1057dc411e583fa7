/** An activity's state (spec §4) as a badge: active green, not started blue, the ended ones grey, disabled amber. */
import type { ActivityState } from '../../shared/activity/index.js';
import { StateBadge as Badge, useScreen } from '../kit/index.js';

const COLOR = {
  active: 'success',
  notStarted: 'brand',
  disabled: 'warning',
  expired: 'informative',
  stopped: 'informative',
} as const satisfies Record<ActivityState, string>;

export function StateBadge({ state, testId }: { state: ActivityState; testId?: string }) {
  const { t } = useScreen();
  return (
    <Badge state={state} colours={COLOR} label={(s) => t(`activity.states.${s}`)} {...(testId ? { testId } : {})} />
  );
}
