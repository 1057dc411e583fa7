/**
 * Adding identifiers to a pre-import group by hand (spec §3 Group: "pre-import"):
 * one per line, each checked against the group's kind here for comfort and
 * on the upstream for truth (a bad one is named by its line, and nothing is
 * added); the answer says how many were new, already there, and claimed at
 * once by a member who holds them.
 */
import { Field, makeStyles, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { GROUP_LIMITS, identifierValue, type GroupItem } from '../../shared/group/index.js';
import { useOpMutation } from '../bridge.js';
import { FormDialog, useGuardedAction, useScreen } from '../kit/index.js';

const useStyles = makeStyles({ lines: { minHeight: '200px' } });

/** The typed lines that hold something, each with its line number (1-based). */
function linesOf(text: string) {
  return text
    .split(/\r?\n/)
    .map((value, i) => ({ value: value.trim(), line: i + 1 }))
    .filter((l) => l.value !== '');
}

export function AddIdentifiersDialog({ group, onClose }: { group: GroupItem; onClose: () => void }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const add = useOpMutation('group.addMembers', { invalidates: ['group.members', 'group.info', 'group.page'] });
  const kind = identifierValue(group.identifier);

  /** The first few bad lines, each with its line number and what is wrong. */
  const problems = (bad: readonly { line: number; message: string }[]) =>
    bad
      .slice(0, 3)
      .map((b) => t('group.add.line', { line: b.line, message: t(b.message as 'validation.invalid') }))
      .join(t('common.clauseSeparator'));

  const submit = useGuardedAction(async (event: FormEvent) => {
    event.preventDefault();
    const lines = linesOf(text);
    if (!lines.length) return setError(t('group.add.required'));
    if (lines.length > GROUP_LIMITS.identifiers) return setError(t('group.add.tooMany'));
    const bad = lines.flatMap((l) => {
      const checked = kind.safeParse(l.value);
      return checked.success
        ? []
        : [{ line: l.line, message: checked.error.issues[0]?.message ?? 'validation.invalid' }];
    });
    if (bad.length) return setError(problems(bad));
    setError(undefined);
    try {
      const done = await add.mutateAsync({
        params: { id: group.id },
        body: { identifiers: lines.map((l) => l.value) },
      });
      notify(t('group.add.done', done));
      onClose();
    } catch (failure) {
      report(failure, {
        onFields: (fields) =>
          setError(
            problems(
              Object.entries(fields).map(([path, message]) => ({
                line: lines[Number(path.split('.')[1])]?.line ?? 0,
                message,
              })),
            ),
          ),
      });
    }
  });

  return (
    <FormDialog
      title={t('group.add.title')}
      busy={submit.busy}
      dirty={text.trim() !== ''}
      onClose={onClose}
      onSubmit={(event) => void submit.run(event)}
      submitLabel={t('group.add.save')}
      testId="group-add"
    >
      <Field
        label={t('group.add.label', { kind: t(`group.identifiers.${group.identifier}`) })}
        required
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Textarea
          className={styles.lines}
          value={text}
          resize="vertical"
          onChange={(_, d) => {
            setText(d.value);
            setError(undefined);
          }}
          data-testid="group-add-lines"
        />
      </Field>
    </FormDialog>
  );
}
