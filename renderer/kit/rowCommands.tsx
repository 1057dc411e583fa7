/**
 * A list row's commands by id (disable, enable, delete, stop…), as every
 * list runs them: a destructive one asks first, naming the row; then the
 * call, the command's "done" message, and the lists it changes asked again;
 * a refusal is reported, and the list is asked again either way (a refusal
 * mostly says the row is not as shown: disabled elsewhere, gone, taken into
 * use meanwhile). Render `dialog` once in the page; a row's button calls
 * `run(kind, row)`.
 *
 * Texts, from the resource's namespace: `<ns>.<kind>` (the question's title
 * and button), `<ns>.<kind>Confirm` (the question, given `{name}`),
 * `<ns>.<done>` (the success message); `failed` for a refusal without words
 * of its own. A row's delete (`rowDelete`) reads the words most lists wrote
 * for it: `<ns>.deleteTitle`, `<ns>.deleteConfirm`, `<ns>.deleted` and the
 * common "Delete" on the button.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import type { Op, OpInput } from '../../shared/ipc.js';
import { callOp } from '../bridge.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useRuntimeText } from './runtimeText.js';

export interface RowCommand<R> {
  /** An operation by the row's id in its path, or any operation with `input`. */
  op: Op;
  /** The call's input for a row (a state in the body, a list of ids); default: the row's id in the path. */
  input?: (row: R) => unknown;
  /** The key of its success message in the namespace ("disabled"). */
  done: string;
  /** Asked first, in danger colours unless `danger: false` (a refund approved). */
  ask?: boolean;
  danger?: false;
  /** The question's key in the namespace, where it is not `<kind>Confirm`. */
  question?: string;
  /** The question's title, a key in the namespace, where it is not `<kind>`. */
  title?: string;
  /** The confirming button's words, a whole key, where they are not `<ns>.<kind>`. */
  confirmLabel?: string;
}

/** A list's commands: a module constant, so the `run` a table's memoised columns hold stays the same. */
export interface RowCommands<C extends string, R> {
  /** The namespace of the commands' texts. */
  ns: string;
  /** The lists and records every command changes. */
  invalidates: readonly Op[];
  commands: Readonly<Record<C, RowCommand<R>>>;
}

/** A command declared with its input checked against its operation's. */
export const rowCommand = <K extends Op, R>(
  op: K,
  spec: Omit<RowCommand<R>, 'op' | 'input'> & { input?: (row: R) => OpInput<K> },
): RowCommand<R> => ({ op, ...spec });

/** The operations that delete one row by the id in their path. */
export type DeleteOp = { [K in Op]: OpInput<K> extends { params: { id: unknown } } ? K : never }[Op];

/**
 * A row's delete by the id in its path, with the words most lists wrote for it; `spec` names the
 * words a list wrote otherwise (a title that is the button's `delete`, a question of its own).
 */
export const rowDelete = <K extends DeleteOp, R>(
  op: K,
  spec: Partial<Omit<RowCommand<R>, 'op' | 'input' | 'ask'>> = {},
): RowCommand<R> =>
  ({
    op,
    ask: true,
    done: 'deleted',
    title: 'deleteTitle',
    question: 'deleteConfirm',
    confirmLabel: 'common.delete',
    ...spec,
  }) as RowCommand<R>;

export interface RowCommandOptions<R> {
  /** How the question names the row. */
  name: (row: R) => string;
  /** More words the question reads from the row (a rule's month). */
  values?: (row: R) => Record<string, string | number>;
  /** The refusal's words where the server gave none of its own. */
  failed?: string;
}

export function useRowCommands<R extends { id: number }, C extends string>(
  { ns, invalidates, commands }: RowCommands<C, R>,
  { name, values, failed }: RowCommandOptions<R>,
): { run: (kind: C, row: R) => Promise<void>; dialog: ReactNode } {
  const t = useRuntimeText();
  const client = useQueryClient();
  const notify = useNotify();
  const report = useReport();
  // Kept after the answer (only `open` goes false), so the closing dialog keeps its words.
  const [asking, setAsking] = useState<{ kind: C; row: R; open: boolean } | null>(null);

  const call = useCallback(
    async (kind: C, row: R) => {
      const command = commands[kind];
      try {
        // A command's input was checked against its operation where `rowCommand` declared it.
        const input = command.input ? command.input(row) : { params: { id: row.id } };
        await callOp(command.op, input as OpInput<typeof command.op>);
        notify(t(`${ns}.${command.done}`));
      } catch (error) {
        report(error, failed === undefined ? {} : { fallback: failed });
      } finally {
        await Promise.all(invalidates.map((op) => client.invalidateQueries({ queryKey: [op] })));
      }
    },
    [commands, ns, invalidates, failed, t, notify, report, client],
  );
  // Stable: a table's memoised columns hold it.
  const run = useCallback(
    async (kind: C, row: R) => {
      if (commands[kind].ask) setAsking({ kind, row, open: true });
      else await call(kind, row);
    },
    [commands, call],
  );

  const asked = asking && commands[asking.kind];
  const dialog = (
    <ConfirmDialog
      open={asking?.open === true}
      danger={asked?.danger ?? true}
      title={asking && asked ? t(`${ns}.${asked.title ?? asking.kind}`) : ''}
      text={
        asking && asked
          ? t(`${ns}.${asked.question ?? `${asking.kind}Confirm`}`, {
              ...values?.(asking.row),
              name: name(asking.row),
            })
          : ''
      }
      confirmLabel={asking && asked ? t(asked.confirmLabel ?? `${ns}.${asking.kind}`) : ''}
      onConfirm={async () => {
        if (asking) await call(asking.kind, asking.row);
        setAsking((a) => a && { ...a, open: false });
      }}
      onCancel={() => setAsking((a) => a && { ...a, open: false })}
    />
  );
  return { run, dialog };
}
