/**
 * The enterprise customer dialogs: create (name, platform account, initial
 * password, buy now and go; the admin names the tenant, a first-level tenant
 * may name a second-level one) and edit (name, buy now and go — the account
 * name stays). Checked with the upstream's own schemas on submit, then as typed.
 */
import { Field, Switch } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { customerCreate, customerUpdate, CUSTOMER_LIMITS, type CustomerItem } from '../../shared/customer/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { NEW_ACCOUNT_FIELD_CODES, NewAccountInputs, useNewAccountForm } from '../account/index.js';
import { FormDialog, forTenant, tenantChoice, useDialogSave, useScreen, FormTenantField } from '../kit/index.js';

const REFRESH = ['customer.page', 'customer.list', 'customer.info'] as const;
const LIMITS = { name: CUSTOMER_LIMITS.name };

type CreateValues = z.input<typeof customerCreate>;

export function CreateCustomerDialog({ onClose }: { onClose: () => void }) {
  const { t, user } = useScreen();
  const create = useOpMutation('customer.create', { invalidates: REFRESH });
  const choice = tenantChoice(user, true);
  const schema =
    choice === 'required'
      ? customerCreate.extend({ tenantId: z.number({ error: 'validation.required' }) })
      : customerCreate;
  const form = useNewAccountForm<CreateValues>(schema, {
    name: '',
    username: '',
    password: '',
    buyNow: false,
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      create.mutateAsync({
        body: {
          name: v.name,
          username: v.username,
          password: v.password,
          buyNow: v.buyNow ?? false,
          ...forTenant(v.tenantId),
        },
      }),
    saved: t('customer.account.created'),
    failed: t('customer.account.saveFailed'),
    limits: LIMITS,
    onClose,
    fieldCodes: NEW_ACCOUNT_FIELD_CODES,
  });
  return (
    <FormDialog title={t('customer.account.createTitle')} {...submit.dialog} testId="customer-form">
      <FormTenantField control={form.control} choice={choice} testId="customer-tenant" />
      <FormInput
        control={form.control}
        name="name"
        label={t('customer.account.name')}
        input={{ maxLength: CUSTOMER_LIMITS.name, 'data-testid': 'customer-name' }}
      />
      <NewAccountInputs
        control={form.control}
        labels={{ username: t('customer.account.username'), password: t('customer.account.password') }}
        testId="customer"
      />
      <Controller
        control={form.control}
        name="buyNow"
        render={({ field }) => <BuyNowSwitch value={field.value ?? false} onChange={field.onChange} />}
      />
    </FormDialog>
  );
}

function BuyNowSwitch({ value, onChange }: { value: boolean; onChange: (on: boolean) => void }) {
  const { t } = useScreen();
  return (
    <Field label={t('customer.account.buyNow')}>
      <Switch
        checked={value}
        onChange={(_, d) => onChange(d.checked)}
        label={t(value ? 'customer.account.buyNowOn' : 'customer.account.buyNowOff')}
        data-testid="customer-buy-now"
      />
    </Field>
  );
}

type EditValues = z.input<typeof customerUpdate>;

export function EditCustomerDialog({ customer, onClose }: { customer: CustomerItem; onClose: () => void }) {
  const { t } = useScreen();
  const update = useOpMutation('customer.update', { invalidates: REFRESH });
  const form = useConsoleForm<EditValues>({
    resolver: zodI18nResolver(customerUpdate, t),
    defaultValues: { name: customer.name, buyNow: customer.buyNow },
  });
  const submit = useDialogSave(form, {
    save: (v) => update.mutateAsync({ params: { businessId: customer.id }, body: v }),
    saved: t('customer.account.saved'),
    failed: t('customer.account.saveFailed'),
    limits: LIMITS,
    onClose,
  });
  return (
    <FormDialog title={t('customer.account.editTitle')} {...submit.dialog} testId="customer-edit">
      <FormInput
        control={form.control}
        name="name"
        label={t('customer.account.name')}
        input={{ maxLength: CUSTOMER_LIMITS.name, 'data-testid': 'customer-edit-name' }}
      />
      <Controller
        control={form.control}
        name="buyNow"
        render={({ field }) => <BuyNowSwitch value={field.value} onChange={field.onChange} />}
      />
    </FormDialog>
  );
}
