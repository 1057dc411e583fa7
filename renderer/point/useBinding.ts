/** Binding or unbinding the selected devices of a point: one action for both lists of the bind screen. */
import { useTranslation } from 'react-i18next';
import { useOpMutation } from '../bridge.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';

/** What a binding change makes stale: the point, the point list's counts, the free devices. */
const BINDING_QUERIES = ['point.info', 'point.page', 'device.page'] as const;

const TEXTS = {
  'point.bind': { success: 'bind.bindSuccess', failure: 'bind.bindFailed' },
  'point.unbind': { success: 'bind.unbindSuccess', failure: 'bind.unbindFailed' },
} as const;

/** `run(deviceIds)` calls the op, tells the outcome, and resolves true on success. */
export function useBinding(op: 'point.bind' | 'point.unbind', pointId: number) {
  const { t } = useTranslation();
  const notify = useNotify();
  const report = useReport();
  const mutation = useOpMutation(op, { invalidates: BINDING_QUERIES });
  const run = async (deviceIds: number[]): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ params: { id: pointId }, body: { deviceIds } });
      notify(t(TEXTS[op].success));
      return true;
    } catch (error) {
      report(error, { fallback: t(TEXTS[op].failure) });
      return false;
    }
  };
  return { run, isPending: mutation.isPending };
}
