/** Blocks a member or lets it back, says so, and on a refusal reports it and asks the list again (the member may be gone). */
import { useCallback } from 'react';
import type { MemberState } from '../../shared/member/index.js';
import { useOpMutation } from '../bridge.js';
import { useScreen } from '../kit/index.js';

export function useMemberState(refresh: () => Promise<unknown>) {
  const { t, notify, report } = useScreen();
  const setState = useOpMutation('member.setState', { invalidates: ['member.page', 'member.info'] });
  const { mutateAsync } = setState;
  return useCallback(
    async (id: number, state: MemberState) => {
      try {
        await mutateAsync({ params: { id }, body: { state } });
        notify(t('member.stateChanged'));
      } catch (error) {
        report(error);
        await refresh();
      }
    },
    [mutateAsync, notify, report, refresh, t],
  );
}
