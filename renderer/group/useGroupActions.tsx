/**
 * A group's enable, disable and delete, from its list row or its own page:
 * disabling and deleting ask first, naming the group; each says what it did, and a refusal is
 * reported and the screen reads the group again (it may be gone, or changed
 * by someone else). `done` runs after a delete (the page goes back).
 */
import { useCallback, useState } from 'react';
import type { GroupItem } from '../../shared/group/index.js';
import { useOpMutation } from '../bridge.js';
import { ConfirmDialog, useScreen } from '../kit/index.js';

type Kind = 'enable' | 'disable' | 'delete';
const INVALIDATES = ['group.page', 'group.info'] as const;

export function useGroupActions({ refresh, deleted }: { refresh: () => Promise<unknown>; deleted?: () => void }) {
  const { t, notify, report } = useScreen();
  const [asking, setAsking] = useState<{ kind: 'disable' | 'delete'; group: GroupItem } | null>(null);
  const { mutateAsync: setState } = useOpMutation('group.setState', { invalidates: [...INVALIDATES] });
  const { mutateAsync: remove } = useOpMutation('group.delete', { invalidates: [...INVALIDATES] });

  // Stable while its inputs are: a table's memoised columns hold `ask`.
  const act = useCallback(
    async (kind: Kind, group: GroupItem) => {
      try {
        if (kind === 'delete') await remove({ params: { id: group.id } });
        else
          await setState({
            params: { id: group.id },
            body: { state: kind === 'enable' ? 'normal' : 'disabled' },
          });
        notify(t(kind === 'delete' ? 'group.deleted' : kind === 'enable' ? 'group.enabled' : 'group.disabledDone'));
        if (kind === 'delete') deleted?.();
      } catch (error) {
        report(error);
        await refresh();
      }
    },
    [remove, setState, notify, report, refresh, deleted, t],
  );
  const ask = useCallback(
    (kind: Kind, group: GroupItem) => (kind === 'enable' ? void act(kind, group) : setAsking({ kind, group })),
    [act],
  );
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      danger
      title={t(asking?.kind === 'delete' ? 'group.delete' : 'group.disable')}
      text={
        asking
          ? t(asking.kind === 'delete' ? 'group.confirmDelete' : 'group.confirmDisable', { name: asking.group.name })
          : ''
      }
      confirmLabel={t(asking?.kind === 'delete' ? 'group.delete' : 'group.disable')}
      onConfirm={async () => {
        if (asking) await act(asking.kind, asking.group);
        setAsking(null);
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask, dialog };
}
