/**
 * A tenant's wallet settings: which part a spend draws on first, the cap (¥0 to a named prepaid card's ¥5,000),
 * and what points are worth at the machines (N points = ¥1, blank: points do not pay; at most X % of a basket).
 */
import { z } from 'zod';
import { parseYuan, yuanInput } from '../../shared/format.js';
import { SPEND_ORDERS, walletSettingsInput, type WalletSettingsInfo } from '../../shared/wallet/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormDialog, FormRadio, useDialogSave, useScreen } from '../kit/index.js';

const typed = z.object({
  spendOrder: z.enum(SPEND_ORDERS),
  cap: z
    .string()
    .trim()
    .refine((v) => walletSettingsInput.shape.capFen.safeParse(parseYuan(v)).success, {
      message: 'wallet.validation.cap',
    }),
  pointsPerYuan: z
    .string()
    .trim()
    .refine((v) => v === '' || walletSettingsInput.shape.pointsPerYuan.safeParse(Number(v)).success, {
      message: 'wallet.validation.pointsPerYuan',
    }),
  pointsMaxPercent: z
    .string()
    .trim()
    .refine((v) => v !== '' && walletSettingsInput.shape.pointsMaxPercent.safeParse(Number(v)).success, {
      message: 'wallet.validation.pointsMaxPercent',
    }),
});
type Values = z.input<typeof typed>;

export function SettingsDialog({
  settings,
  tenantId,
  onClose,
}: {
  settings: WalletSettingsInfo;
  tenantId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useScreen();
  const save = useOpMutation('wallet.saveSettings', { invalidates: ['wallet.settings'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: {
      spendOrder: settings.spendOrder,
      cap: yuanInput(settings.capFen),
      pointsPerYuan: settings.pointsPerYuan === null ? '' : String(settings.pointsPerYuan),
      pointsMaxPercent: String(settings.pointsMaxPercent),
    },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          ...forTenant(tenantId),
          spendOrder: v.spendOrder,
          capFen: parseYuan(v.cap)!,
          pointsPerYuan: v.pointsPerYuan.trim() === '' ? null : Number(v.pointsPerYuan),
          pointsMaxPercent: Number(v.pointsMaxPercent),
        },
      }),
    saved: t('wallet.settings.saved'),
    failed: t('wallet.settings.failed'),
    onClose,
  });
  return (
    <FormDialog title={t('wallet.settings.title')} {...submit.dialog} testId="wallet-settings">
      <FormRadio
        control={form.control}
        name="spendOrder"
        label={t('wallet.spendOrder')}
        options={SPEND_ORDERS.map((o) => ({ value: o, text: t(`wallet.spendOrders.${o}`) }))}
        testId="wallet-settings-order"
      />
      <FormInput
        control={form.control}
        name="cap"
        label={t('wallet.settings.capYuan')}
        hint={t('wallet.settings.capHint')}
        input={{ inputMode: 'decimal', maxLength: 10, 'data-testid': 'wallet-settings-cap' }}
      />
      <FormInput
        control={form.control}
        name="pointsPerYuan"
        label={t('wallet.points.perYuan')}
        required={false}
        hint={t('wallet.points.perYuanHint')}
        input={{ inputMode: 'numeric', maxLength: 5, 'data-testid': 'wallet-settings-points-rate' }}
      />
      <FormInput
        control={form.control}
        name="pointsMaxPercent"
        label={t('wallet.points.maxPercent')}
        hint={t('wallet.points.maxPercentHint')}
        input={{ inputMode: 'numeric', maxLength: 3, 'data-testid': 'wallet-settings-points-share' }}
      />
    </FormDialog>
  );
}
