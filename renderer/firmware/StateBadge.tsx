/** A package's state as a badge: released green, a draft blue, withdrawn grey. */
import type { PackageState } from '../../shared/firmware/index.js';
import { StateBadge as Badge, useScreen } from '../kit/index.js';

const COLOR = { released: 'success', draft: 'brand', withdrawn: 'informative' } as const satisfies Record<
  PackageState,
  string
>;

export function StateBadge({ state, testId }: { state: PackageState; testId?: string }) {
  const { t } = useScreen();
  return (
    <Badge state={state} colours={COLOR} label={(s) => t(`firmware.states.${s}`)} {...(testId ? { testId } : {})} />
  );
}
