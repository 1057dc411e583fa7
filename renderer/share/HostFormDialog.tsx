/**
 * Create / edit a location host: its name (once per tenant, 971 at the
 * field), contact and phone, and its bank details — the three together or
 * none. Kept details are never shown: editing says they are kept, typing
 * all three replaces them, a tick removes them.
 */
import { Checkbox, Text } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { ACCOUNT_NUMBER, type ShareHostItem } from '../../shared/share/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useUser } from '../app/session.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormDialog, FormTenantField, tenantChoice, useDialogSave, useScreen } from '../kit/index.js';

type Values = {
  name: string;
  contact: string;
  phone: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  clearBank: boolean;
  tenantId?: number | undefined;
};

const BANK = ['bankName', 'accountName', 'accountNumber'] as const;

const schemaFor = (tenantRequired: boolean) =>
  z
    .object({
      name: z.string().trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.maxLength' }),
      contact: z.string().trim().max(30, { message: 'validation.maxLength' }),
      phone: z.string().trim().max(20, { message: 'validation.maxLength' }),
      bankName: z.string().trim().max(50, { message: 'validation.maxLength' }),
      accountName: z.string().trim().max(50, { message: 'validation.maxLength' }),
      accountNumber: z.string().trim(),
      clearBank: z.boolean(),
      tenantId: tenantRequired ? z.number({ error: 'validation.required' }) : z.number().optional(),
    })
    .superRefine((v, ctx) => {
      // The three together or none.
      if (!BANK.some((k) => v[k])) return;
      for (const k of BANK) if (!v[k]) ctx.addIssue({ code: 'custom', message: 'validation.required', path: [k] });
      if (v.accountNumber && !ACCOUNT_NUMBER.test(v.accountNumber))
        ctx.addIssue({ code: 'custom', message: 'share.validation.account', path: ['accountNumber'] });
    }) as unknown as z.ZodType<Values, Values>;

export function HostFormDialog({
  host,
  onClose,
  onGone,
}: {
  host?: ShareHostItem | undefined;
  onClose: () => void;
  onGone: () => void;
}) {
  const { t } = useScreen();
  const user = useUser();
  const choice = tenantChoice(user, !host);
  const stale = ['share.hostPage', 'share.subjects'] as const;
  const create = useOpMutation('share.hostCreate', { invalidates: stale });
  const update = useOpMutation('share.hostUpdate', { invalidates: stale });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schemaFor(choice === 'required'), t),
    defaultValues: {
      name: host?.name ?? '',
      contact: host?.contact ?? '',
      phone: host?.phone ?? '',
      bankName: '',
      accountName: '',
      accountNumber: '',
      clearBank: false,
      tenantId: host ? undefined : choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });
  const submit = useDialogSave(form, {
    save: ({ name, contact, phone, bankName, accountName, accountNumber, clearBank, tenantId }) => {
      const bank = bankName ? { bankName, accountName, accountNumber } : undefined;
      return host
        ? update.mutateAsync({
            params: { id: host.id },
            body: { name, contact, phone, ...(bank ? { bank } : clearBank ? { bank: null } : {}) },
          })
        : create.mutateAsync({ body: { name, contact, phone, ...(bank ? { bank } : {}), ...forTenant(tenantId) } });
    },
    saved: t('share.host.saved'),
    failed: t('share.statement.actionFailed'),
    goneCode: host ? CODE.shareHostNotFound : undefined,
    fieldCodes: { [CODE.shareHostNameTaken]: 'name' },
    onClose,
    onGone,
  });
  return (
    <FormDialog title={t(host ? 'share.host.edit' : 'share.host.create')} {...submit.dialog} testId="share-host-form">
      <FormTenantField control={form.control} choice={choice} testId="share-host-form-tenant" />
      <FormInput
        control={form.control}
        name="name"
        label={t('share.host.name')}
        input={{ 'data-testid': 'share-host-form-name' }}
      />
      <FormInput
        control={form.control}
        name="contact"
        label={t('share.host.contact')}
        required={false}
        input={{ 'data-testid': 'share-host-form-contact' }}
      />
      <FormInput
        control={form.control}
        name="phone"
        label={t('share.host.phone')}
        required={false}
        input={{ inputMode: 'tel', 'data-testid': 'share-host-form-phone' }}
      />
      {host?.bankSet && <Text size={200}>{t('share.host.bankKept')}</Text>}
      {BANK.map((k) => (
        <FormInput
          key={k}
          control={form.control}
          name={k}
          label={t(`share.host.${k}`)}
          required={false}
          input={{ autoComplete: 'off', 'data-testid': `share-host-form-${k}` }}
        />
      ))}
      {host?.bankSet && (
        <Controller
          control={form.control}
          name="clearBank"
          render={({ field }) => (
            <Checkbox
              checked={field.value}
              onChange={(_, d) => field.onChange(d.checked === true)}
              label={t('share.host.bankClear')}
              data-testid="share-host-form-clear-bank"
            />
          )}
        />
      )}
    </FormDialog>
  );
}
