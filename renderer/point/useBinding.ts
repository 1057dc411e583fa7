/**
 * Binding or unbinding the selected devices of a point: one action for both
 * lists of the bind screen. The buttons that run it are guarded (the kit's
 * ActionButton): a double click binds once and tells it once.
 */
import { useOpMutation } from '../bridge.js';
import { isPointGone } from './gone.js';
import { useScreen } from '../kit/index.js';

/** What a binding change makes stale: the point, the point list's counts, the free devices. */
const BINDING_QUERIES = ['point.info', 'point.page', 'device.page'] as const;

const TEXTS = {
  'point.bind': { success: 'point.binding.bindSuccess', failure: 'point.binding.bindFailed' },
  'point.unbind': { success: 'point.binding.unbindSuccess', failure: 'point.binding.unbindFailed' },
} as const;

/** `run(deviceIds)` calls the op, tells the outcome, and resolves true on success. */
export function useBinding(op: 'point.bind' | 'point.unbind', pointId: number) {
  const { t, notify, report, client } = useScreen();
  const mutation = useOpMutation(op, { invalidates: BINDING_QUERIES });
  const run = async (deviceIds: number[]): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ params: { id: pointId }, body: { deviceIds } });
      notify(t(TEXTS[op].success));
      return true;
    } catch (error) {
      report(error, { fallback: t(TEXTS[op].failure) });
      // Deleted meanwhile: reload the point, so the screen says it no longer exists.
      if (isPointGone(error))
        await Promise.all(BINDING_QUERIES.map((q) => client.invalidateQueries({ queryKey: [q] })));
      return false;
    }
  };
  return { run, isPending: mutation.isPending };
}
