/**
 * A list row's delete, as every list asks for it: the row to confirm, then the
 * call, "deleted" on success; a refusal is reported, and when it says the list
 * is out of date (the row gone, or taken into use meanwhile) the list is asked
 * again. The confirmation closes either way. Spread `dialog` on the kit's
 * `ConfirmDialog`.
 */
import { useCallback, useState } from 'react';
import type { Op, OpInput } from '../../shared/ipc.js';
import { useOpMutation } from '../bridge.js';
import { refusedWith } from '../app/errors.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';

/** The operations that delete one row by the id in their path. */
export type DeleteOp = { [K in Op]: OpInput<K> extends { params: { id: unknown } } ? K : never }[Op];

export interface RowDeleteOptions {
  /** The queries the delete makes stale. */
  invalidates: readonly Op[];
  /** The success message. */
  deleted: string;
  /** The codes that mean the list shown is out of date. */
  stale: readonly number[];
  /** Asks for the list again. */
  refresh: () => Promise<unknown>;
}

export function useRowDelete<K extends DeleteOp, R extends { id: number }>(op: K, { invalidates, deleted, stale, refresh }: RowDeleteOptions) {
  const notify = useNotify();
  const report = useReport();
  const remove = useOpMutation(op, { invalidates });
  const [asking, setAsking] = useState<R | null>(null);
  // Stable: a table's memoised columns hold it.
  const ask = useCallback((row: R) => setAsking(row), []);
  const confirm = async () => {
    if (!asking) return;
    try {
      // The mapped type cannot tell TypeScript that `{ params: { id } }` is this operation's input.
      await remove.mutateAsync({ params: { id: asking.id } } as OpInput<K>);
      notify(deleted);
    } catch (error) {
      report(error);
      if (stale.some((code) => refusedWith(error, code))) await refresh();
    } finally {
      setAsking(null);
    }
  };
  return {
    /** The row whose delete is being confirmed. */
    asking,
    ask,
    dialog: { open: asking !== null, onConfirm: confirm, onCancel: () => setAsking(null) },
  };
}
