/**
 * A package's release, withdrawal and deletion (the admin's), from its list
 * row or its own page: each asks first, saying what it changes; each says
 * what it did, and a refusal is reported and the screen reads the package
 * again (another admin may have moved it meanwhile).
 */
import { useCallback, useState } from 'react';
import type { PackageItem } from '../../shared/firmware/index.js';
import { useOpMutation } from '../bridge.js';
import { ConfirmDialog, useScreen } from '../kit/index.js';

export type PackageAction = 'release' | 'withdraw' | 'delete';
const INVALIDATES = ['firmware.page', 'firmware.info', 'firmware.models'] as const;
const DONE = { release: 'firmware.released', withdraw: 'firmware.withdrawn', delete: 'firmware.deleted' } as const;
const LABEL = { release: 'firmware.release', withdraw: 'firmware.withdraw', delete: 'common.delete' } as const;

export function usePackageActions({ refresh, deleted }: { refresh: () => Promise<unknown>; deleted?: () => void }) {
  const { t, notify, report } = useScreen();
  const [asking, setAsking] = useState<{ kind: PackageAction; pkg: PackageItem } | null>(null);
  const { mutateAsync: release } = useOpMutation('firmware.release', { invalidates: [...INVALIDATES] });
  const { mutateAsync: withdraw } = useOpMutation('firmware.withdraw', { invalidates: [...INVALIDATES] });
  const { mutateAsync: remove } = useOpMutation('firmware.delete', { invalidates: [...INVALIDATES] });

  const run = useCallback(
    async (kind: PackageAction, pkg: PackageItem) => {
      const params = { params: { id: pkg.id } };
      try {
        if (kind === 'release') await release(params);
        else if (kind === 'withdraw') await withdraw(params);
        else await remove(params);
        notify(t(DONE[kind]));
        if (kind === 'delete') deleted?.();
      } catch (error) {
        report(error);
        await refresh();
      }
    },
    [release, withdraw, remove, notify, report, refresh, deleted, t],
  );
  // Stable while its inputs are: a table's memoised columns hold `act`.
  const act = useCallback((kind: PackageAction, pkg: PackageItem) => setAsking({ kind, pkg }), []);
  const text = (a: { kind: PackageAction; pkg: PackageItem }) =>
    a.kind === 'release'
      ? t('firmware.confirmRelease')
      : a.kind === 'withdraw'
        ? t('firmware.confirmWithdraw')
        : t('firmware.confirmDelete', { version: a.pkg.version });
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      danger={asking?.kind !== 'release'}
      title={asking ? t(LABEL[asking.kind]) : ''}
      text={asking ? text(asking) : ''}
      confirmLabel={asking ? t(LABEL[asking.kind]) : ''}
      onConfirm={async () => {
        if (asking) await run(asking.kind, asking.pkg);
        setAsking(null);
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { act, dialog };
}
