/**
 * The save of a create / edit dialog, as every one of them runs it: the
 * form's submit behind the guard (a double click saves once); on success the
 * success message and close; "this no longer exists" (the caller's code)
 * closes and lets the list refresh; any other refusal keeps what was typed
 * and shows it — field issues at their fields, with their limits, and a code
 * about one field (a taken account name, 1404) at that field.
 */
import type { FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeMessage, refusedWith } from '../app/errors.js';
import { applyFieldErrors } from '../app/form.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useGuardedAction } from './useGuardedAction.js';

export interface DialogSave<V, R = unknown> {
  /** Creates or updates with the form's values. */
  save: (values: V) => Promise<R>;
  /** The success message, or what it says of the answer (a count's "3 missing"). */
  saved: string | ((answer: R) => string);
  /** The screen's failure text, for a code without a text of its own. */
  failed: string;
  /** The code that says the row (or its owner) is gone. */
  goneCode?: number | undefined;
  /** Field limits for the texts of server field issues ("at most {{max}}"). */
  limits?: Readonly<Record<string, number>>;
  onClose: () => void;
  onGone?: (() => void) | undefined;
  /**
   * Whether "gone" closes the dialog (by default it does). For a code that may
   * name another row than the one edited (a category's chosen parent), this
   * looks which one is gone and keeps the dialog open for the other.
   */
  closesWhenGone?: () => Promise<boolean>;
  /** Codes about one field, shown there with the code's text rather than as a notification: `{ [CODE.usernameTaken]: 'username' }`. */
  fieldCodes?: Readonly<Record<number, string>>;
}

export function useDialogSave<V extends FieldValues, R = unknown>(
  form: UseFormReturn<V, unknown, V>,
  options: DialogSave<V, R>,
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const report = useReport();
  const { save, saved, failed, goneCode, limits, onClose, onGone, closesWhenGone, fieldCodes = {} } = options;
  const submit = useGuardedAction(
    form.handleSubmit(async (values) => {
      try {
        const answer = await save(values);
        notify(typeof saved === 'function' ? saved(answer) : saved);
        onClose();
      } catch (error) {
        if (goneCode !== undefined && refusedWith(error, goneCode)) {
          report(error);
          onGone?.();
          if (!closesWhenGone || (await closesWhenGone())) onClose();
          return;
        }
        const code = Object.keys(fieldCodes)
          .map(Number)
          .find((c) => refusedWith(error, c));
        if (code !== undefined) {
          form.setError(
            fieldCodes[code] as never,
            { type: 'server', message: codeMessage(code) },
            { shouldFocus: true },
          );
          return;
        }
        report(error, { fallback: failed, onFields: (fields) => applyFieldErrors(fields, form.setError, t, limits) });
      }
    }),
  );
  const busy = submit.busy || form.formState.isSubmitting;
  return {
    run: submit.run,
    busy,
    /** What the FormDialog takes from the save: `<FormDialog title={…} {...submit.dialog} testId="…">`. */
    dialog: {
      busy,
      dirty: form.formState.isDirty,
      onClose,
      onSubmit: (event: FormEvent) => void submit.run(event),
    },
  };
}
