/**
 * A new set of top-up bonus tiers from a business day on (today or later): up to ten rows of "pay at least ¥X,
 * get ¥Y on top", the bonus never above what is paid, one row per amount. Checked here for comfort; the
 * upstream refuses a day already in force at its field (`wallet.validation.inForce`).
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { addDays, businessDay } from '../../shared/business-time.js';
import { isIsoDate, parseYuan } from '../../shared/format.js';
import { WALLET_LIMITS } from '../../shared/wallet/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const yuan = (min: number) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        const fen = parseYuan(v);
        return fen !== null && fen >= min && fen <= WALLET_LIMITS.topUpFen;
      },
      { message: 'wallet.validation.tierAmount' },
    );

const typed = z
  .object({
    fromDay: z.string().trim().refine(isIsoDate, { message: 'validation.invalid' }),
    tiers: z
      .array(
        z.object({ pay: yuan(1), bonus: yuan(0) }).refine((x) => (parseYuan(x.bonus) ?? 0) <= (parseYuan(x.pay) ?? 0), {
          path: ['bonus'],
          message: 'wallet.validation.bonusOverPay',
        }),
      )
      .max(WALLET_LIMITS.tiers),
  })
  .refine((v) => new Set(v.tiers.map((x) => parseYuan(x.pay))).size === v.tiers.length, {
    path: ['tiers'],
    message: 'wallet.validation.samePay',
  });
type Values = z.input<typeof typed>;

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  cell: { flex: '1 1 120px', minWidth: '120px' },
  remove: { marginTop: '26px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function TierSetDialog({ tenantId, onClose }: { tenantId: number | undefined; onClose: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  const save = useOpMutation('wallet.setTiers', { invalidates: ['wallet.settings'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { fromDay: addDays(businessDay(), 1), tiers: [{ pay: '', bonus: '' }] },
  });
  const rows = useFieldArray({ control: form.control, name: 'tiers' });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          ...forTenant(tenantId),
          fromDay: v.fromDay,
          tiers: v.tiers.map((x) => ({ pay: parseYuan(x.pay)!, bonus: parseYuan(x.bonus)! })),
        },
      }),
    saved: t('wallet.tiers.saved'),
    failed: t('wallet.tiers.failed'),
    onClose,
  });
  return (
    <FormDialog title={t('wallet.tiers.new')} {...submit.dialog} testId="wallet-tiers">
      <FormInput
        control={form.control}
        name="fromDay"
        label={t('wallet.tiers.fromDay')}
        hint={t('wallet.tiers.fromDayHint')}
        input={{ type: 'date', 'data-testid': 'wallet-tiers-day' }}
      />
      {rows.fields.map((row, i) => (
        <div key={row.id} className={styles.row} data-testid="wallet-tiers-row">
          <div className={styles.cell}>
            <FormInput
              control={form.control}
              name={`tiers.${i}.pay`}
              label={t('wallet.tiers.pay')}
              input={{ inputMode: 'decimal', maxLength: 10, 'data-testid': 'wallet-tiers-pay' }}
            />
          </div>
          <div className={styles.cell}>
            <FormInput
              control={form.control}
              name={`tiers.${i}.bonus`}
              label={t('wallet.tiers.bonus')}
              input={{ inputMode: 'decimal', maxLength: 10, 'data-testid': 'wallet-tiers-bonus' }}
            />
          </div>
          <Button
            className={styles.remove}
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('wallet.tiers.remove', { n: i + 1 })}
            onClick={() => rows.remove(i)}
            data-testid="wallet-tiers-remove"
          />
        </div>
      ))}
      {/* The set's own error (two rows of one amount), localised by the resolver as a field's is. */}
      {form.formState.errors.tiers?.message && (
        <Text role="alert" className={styles.error} data-testid="wallet-tiers-error">
          {form.formState.errors.tiers.message}
        </Text>
      )}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={rows.fields.length >= WALLET_LIMITS.tiers}
          onClick={() => rows.append({ pay: '', bonus: '' })}
          data-testid="wallet-tiers-add"
        >
          {t('wallet.tiers.add')}
        </Button>
      </div>
    </FormDialog>
  );
}
