/**
 * A temperature rule's dialog: for every perishable product or one category
 * (a new rule only: an existing one keeps its category), the range in °C to
 * a tenth and the minutes out of it before the fridge's fresh food channels
 * lock. Checked here for comfort as the upstream checks it; the upstream
 * refuses at the same fields.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { z } from 'zod';
import { COLD_LIMITS, toTenths, type ColdRuleItem } from '../../shared/fresh/index.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { categoryOf, GENERAL, useRuleCategories } from './ruleCategories.js';

/** °C typed: a number to one decimal within what a sensor says. */
const celsius = z
  .string()
  .trim()
  .refine((v) => /^-?\d{1,2}(\.\d)?$/.test(v) && Number(v) >= COLD_LIMITS.lowest && Number(v) <= COLD_LIMITS.highest, {
    message: 'fresh.validation.celsius',
  });

const typed = z
  .object({
    category: z.string(),
    low: celsius,
    high: celsius,
    minutes: wholeText(
      z.number().int().min(COLD_LIMITS.minutesMin).max(COLD_LIMITS.minutesMax),
      'fresh.validation.coldMinutes',
    ),
  })
  .refine((v) => toTenths(Number(v.high)) > toTenths(Number(v.low)), {
    message: 'fresh.validation.coldRange',
    path: ['high'],
  });
type Values = z.input<typeof typed>;

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  cell: { flex: '1 1 120px', minWidth: '120px' },
});

export function ColdRuleDialog({
  rule,
  tenantId,
  taken,
  onClose,
}: {
  rule: ColdRuleItem | undefined;
  tenantId: number | undefined;
  /** The categories (and the general rule, null) that already have one: a new rule is for another. */
  taken: readonly (number | null)[];
  onClose: () => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('fresh.saveColdRule', { invalidates: ['fresh.coldRules', 'fresh.fridges'] });
  const options = useRuleCategories(tenantId, taken, t('fresh.cold.rules.general'), !rule);
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: {
      category: rule ? String(rule.categoryId ?? GENERAL) : (options[0]?.value ?? GENERAL),
      low: String(rule?.low ?? 0),
      high: String(rule?.high ?? 8),
      minutes: String(rule?.minutes ?? 30),
    },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          ...forTenant(tenantId),
          categoryId: categoryOf(v.category),
          low: Number(v.low),
          high: Number(v.high),
          minutes: Number(v.minutes),
        },
      }),
    saved: t('fresh.cold.rules.saved'),
    failed: t('fresh.cold.rules.failed'),
    onClose,
  });
  return (
    <FormDialog
      title={t(rule ? 'fresh.cold.rules.edit' : 'fresh.cold.rules.add')}
      {...submit.dialog}
      testId="fresh-rule"
    >
      {rule ? (
        <Text weight="semibold">{rule.categoryName ?? t('fresh.cold.rules.general')}</Text>
      ) : (
        <FormChoice
          control={form.control}
          name="category"
          label={t('fresh.cold.rules.category')}
          options={options}
          testId="fresh-rule-category"
        />
      )}
      <div className={styles.row}>
        <div className={styles.cell}>
          <FormInput
            control={form.control}
            name="low"
            label={t('fresh.cold.rules.low')}
            input={{ inputMode: 'decimal', maxLength: 5, 'data-testid': 'fresh-rule-low' }}
          />
        </div>
        <div className={styles.cell}>
          <FormInput
            control={form.control}
            name="high"
            label={t('fresh.cold.rules.high')}
            input={{ inputMode: 'decimal', maxLength: 5, 'data-testid': 'fresh-rule-high' }}
          />
        </div>
      </div>
      <FormInput
        control={form.control}
        name="minutes"
        label={t('fresh.cold.rules.minutes')}
        input={{ inputMode: 'numeric', maxLength: 3, 'data-testid': 'fresh-rule-minutes' }}
      />
    </FormDialog>
  );
}
