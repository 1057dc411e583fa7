/**
 * An activity's disable, enable and terminate, from its list row or its own
 * page: terminating asks first, naming the activity (it cannot be undone);
 * each says what it did, and a refusal is reported and the screen reads the
 * activity again (someone else may have changed it).
 */
import { useCallback, useState } from 'react';
import type { ActivityItem } from '../../shared/activity/index.js';
import { useOpMutation } from '../bridge.js';
import { ConfirmDialog, useScreen } from '../kit/index.js';

type Kind = 'enable' | 'disable' | 'terminate';
const INVALIDATES = ['activity.page', 'activity.info'] as const;

export function useActivityActions({ refresh }: { refresh: () => Promise<unknown> }) {
  const { t, notify, report } = useScreen();
  const [asking, setAsking] = useState<ActivityItem | null>(null);
  const { mutateAsync: setState } = useOpMutation('activity.setState', { invalidates: [...INVALIDATES] });
  const { mutateAsync: terminate } = useOpMutation('activity.terminate', { invalidates: [...INVALIDATES] });

  const run = useCallback(
    async (kind: Kind, a: ActivityItem) => {
      try {
        if (kind === 'terminate') await terminate({ params: { id: a.id } });
        else await setState({ params: { id: a.id }, body: { state: kind === 'enable' ? 'normal' : 'disabled' } });
        notify(
          t(
            kind === 'terminate' ? 'activity.terminated' : kind === 'enable' ? 'activity.enabled' : 'activity.disabled',
          ),
        );
      } catch (error) {
        report(error);
        await refresh();
      }
    },
    [terminate, setState, notify, report, refresh, t],
  );
  // Stable while its inputs are: a table's memoised columns hold `act`.
  const act = useCallback(
    (kind: Kind, a: ActivityItem) => (kind === 'terminate' ? setAsking(a) : void run(kind, a)),
    [run],
  );
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      danger
      title={t('activity.terminate')}
      text={asking ? t('activity.terminateConfirm', { name: asking.name }) : ''}
      confirmLabel={t('activity.terminate')}
      onConfirm={async () => {
        if (asking) await run('terminate', asking);
        setAsking(null);
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { act, dialog };
}
