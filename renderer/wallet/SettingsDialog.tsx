/** A tenant's wallet settings: which part a spend draws on first, and the cap (¥0 to a named prepaid card's ¥5,000). */
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
    defaultValues: { spendOrder: settings.spendOrder, cap: yuanInput(settings.capFen) },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({ body: { ...forTenant(tenantId), spendOrder: v.spendOrder, capFen: parseYuan(v.cap)! } }),
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
    </FormDialog>
  );
}
