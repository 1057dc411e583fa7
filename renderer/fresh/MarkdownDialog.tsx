/**
 * A markdown ladder's dialog: for every perishable product or for one
 * category (a new ladder only: an existing one keeps its category), up to
 * five steps of hours before the end of the expiry day and percent off, each
 * nearer step taking more off. Checked here for comfort with the upstream's
 * own schema; the upstream refuses at the same fields.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { MARKDOWN_LIMITS, markdownStep, markdownSteps, type MarkdownItem } from '../../shared/fresh/index.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { categoryOf, GENERAL, useRuleCategories } from './ruleCategories.js';

const typed = z
  .object({
    category: z.string(),
    steps: z.array(
      z.object({
        hoursLeft: wholeText(markdownStep.shape.hoursLeft, 'fresh.validation.markdownHours'),
        percentOff: wholeText(markdownStep.shape.percentOff, 'fresh.validation.markdownPercent'),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    const checked = markdownSteps.safeParse(
      v.steps.map((s) => ({ hoursLeft: Number(s.hoursLeft), percentOff: Number(s.percentOff) })),
    );
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['steps'], message: checked.error.issues[0]!.message });
  });
type Values = z.input<typeof typed>;

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  cell: { flex: '1 1 120px', minWidth: '120px' },
  remove: { marginTop: '26px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function MarkdownDialog({
  markdown,
  tenantId,
  taken,
  onClose,
}: {
  markdown: MarkdownItem | undefined;
  tenantId: number | undefined;
  /** The categories (and the general ladder, null) that already have one: a new ladder is for another. */
  taken: readonly (number | null)[];
  onClose: () => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('fresh.saveMarkdown', { invalidates: ['fresh.markdowns', 'fresh.batches'] });
  const options = useRuleCategories(tenantId, taken, t('fresh.markdowns.general'), !markdown);
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: {
      category: markdown ? String(markdown.categoryId ?? GENERAL) : (options[0]?.value ?? GENERAL),
      steps: (markdown?.steps ?? [{ hoursLeft: 24, percentOff: 30 }]).map((s) => ({
        hoursLeft: String(s.hoursLeft),
        percentOff: String(s.percentOff),
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'steps' });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          ...forTenant(tenantId),
          categoryId: categoryOf(v.category),
          steps: v.steps.map((s) => ({ hoursLeft: Number(s.hoursLeft), percentOff: Number(s.percentOff) })),
        },
      }),
    saved: t('fresh.markdowns.saved'),
    failed: t('fresh.markdowns.failed'),
    onClose,
  });
  return (
    <FormDialog
      title={t(markdown ? 'fresh.markdowns.editTitle' : 'fresh.markdowns.addTitle')}
      {...submit.dialog}
      testId="fresh-markdown"
    >
      {markdown ? (
        <Text weight="semibold">{markdown.categoryName ?? t('fresh.markdowns.general')}</Text>
      ) : (
        <FormChoice
          control={form.control}
          name="category"
          label={t('fresh.markdowns.category')}
          options={options}
          testId="fresh-markdown-category"
        />
      )}
      {rows.fields.map((row, i) => (
        <div key={row.id} className={styles.row} data-testid="fresh-markdown-step">
          <div className={styles.cell}>
            <FormInput
              control={form.control}
              name={`steps.${i}.hoursLeft`}
              label={t('fresh.markdowns.hoursLeft')}
              input={{ inputMode: 'numeric', maxLength: 3, 'data-testid': 'fresh-markdown-hours' }}
            />
          </div>
          <div className={styles.cell}>
            <FormInput
              control={form.control}
              name={`steps.${i}.percentOff`}
              label={t('fresh.markdowns.percentOff')}
              input={{ inputMode: 'numeric', maxLength: 2, 'data-testid': 'fresh-markdown-percent' }}
            />
          </div>
          <Button
            className={styles.remove}
            appearance="subtle"
            icon={<DeleteRegular />}
            disabled={rows.fields.length === 1}
            aria-label={t('fresh.markdowns.removeStep', { n: i + 1 })}
            onClick={() => rows.remove(i)}
            data-testid="fresh-markdown-remove"
          />
        </div>
      ))}
      {/* The ladder's own error (two steps at one hour, a nearer step taking less), localised by the resolver. */}
      {form.formState.errors.steps?.message && (
        <Text role="alert" className={styles.error} data-testid="fresh-markdown-error">
          {form.formState.errors.steps.message}
        </Text>
      )}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={rows.fields.length >= MARKDOWN_LIMITS.steps}
          onClick={() => rows.append({ hoursLeft: '', percentOff: '' })}
          data-testid="fresh-markdown-add-step"
        >
          {t('fresh.markdowns.addStep')}
        </Button>
      </div>
    </FormDialog>
  );
}
