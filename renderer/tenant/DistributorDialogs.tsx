/**
 * The distributor dialogs: create (name, username, password, phone; the
 * admin may place it under a first-level tenant), edit (name and phone — the
 * phone is sent only when changed, since a new phone must differ from the
 * old), reset the password, and the member config. Checked with the
 * upstream's own schemas on submit, then as typed.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Option,
  Spinner,
  Switch,
} from '@fluentui/react-components';
import { Suspense, useState } from 'react';
import { Controller } from 'react-hook-form';
import { tenantPaymentForm } from './ports.js';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  memberConfig,
  POINTS_EXPIRY_MONTHS,
  tenantCreate,
  tenantUpdate,
  TENANT_LIMITS,
  type TenantItem,
} from '../../shared/tenant/index.js';
import { newPassword } from '../../shared/account/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import {
  NEW_ACCOUNT_FIELD_CODES,
  NewAccountInputs,
  NewPasswordInput,
  useNewAccountForm,
  withPasswordRule,
} from '../account/index.js';
import { FormDialog, TenantDropdown, useCloseGuard, useDialogSave, useScreen } from '../kit/index.js';

const LIMITS = { name: TENANT_LIMITS.name, cardName: TENANT_LIMITS.cardName };
const REFRESH = ['tenant.page', 'tenant.detail', 'tenant.list'] as const;

type CreateValues = z.infer<typeof tenantCreate>;

export function CreateDistributorDialog({ onClose }: { onClose: () => void }) {
  const { t, user } = useScreen();
  const create = useOpMutation('tenant.create', { invalidates: REFRESH });
  const form = useNewAccountForm<CreateValues>(tenantCreate, { name: '', username: '', password: '', contact: '' });
  const submit = useDialogSave(form, {
    save: (body) => create.mutateAsync({ body }),
    saved: t('tenant.people.created'),
    failed: t('tenant.people.saveFailed'),
    limits: LIMITS,
    onClose,
    fieldCodes: NEW_ACCOUNT_FIELD_CODES,
  });
  return (
    <FormDialog title={t('tenant.people.createTitle')} {...submit.dialog} testId="distributor-form">
      <FormInput
        control={form.control}
        name="name"
        label={t('tenant.people.name')}
        input={{ maxLength: TENANT_LIMITS.name, 'data-testid': 'distributor-name' }}
      />
      <NewAccountInputs
        control={form.control}
        labels={{ username: t('tenant.people.username'), password: t('tenant.people.password') }}
        usernameHint={t('tenant.validation.username')}
        testId="distributor"
      />
      <FormInput
        control={form.control}
        name="contact"
        label={t('tenant.people.contact')}
        input={{ inputMode: 'tel', maxLength: 11, 'data-testid': 'distributor-contact' }}
      />
      {user.roleKind === 'admin' && (
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <Field label={t('tenant.people.parent')}>
              <TenantDropdown
                value={field.value}
                onChange={field.onChange}
                placeholder={t('tenant.people.parentNone')}
                clearLabel={t('tenant.people.parentNone')}
                testId="distributor-parent"
              />
            </Field>
          )}
        />
      )}
    </FormDialog>
  );
}

type EditValues = { name: string; contact: string };
const editSchema = z.object({ name: tenantUpdate.shape.name, contact: tenantUpdate.shape.contact.unwrap() });

export function EditDistributorDialog({ tenant, onClose }: { tenant: TenantItem; onClose: () => void }) {
  const { t } = useScreen();
  const update = useOpMutation('tenant.update', { invalidates: REFRESH });
  const form = useConsoleForm<EditValues>({
    resolver: zodI18nResolver(editSchema, t),
    defaultValues: { name: tenant.name, contact: tenant.contact },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      update.mutateAsync({
        params: { id: tenant.tenantId },
        body: { name: v.name, ...(v.contact.trim() !== tenant.contact ? { contact: v.contact } : {}) },
      }),
    saved: t('tenant.people.saved'),
    failed: t('tenant.people.saveFailed'),
    goneCode: undefined,
    limits: LIMITS,
    onClose,
  });
  return (
    <FormDialog title={t('tenant.people.editTitle')} {...submit.dialog} testId="distributor-edit">
      <FormInput
        control={form.control}
        name="name"
        label={t('tenant.people.name')}
        input={{ maxLength: TENANT_LIMITS.name, 'data-testid': 'distributor-edit-name' }}
      />
      <FormInput
        control={form.control}
        name="contact"
        label={t('tenant.people.contact')}
        input={{ inputMode: 'tel', maxLength: 11, 'data-testid': 'distributor-edit-contact' }}
      />
    </FormDialog>
  );
}

const resetSchema = z.object({ password: newPassword });

export function ResetPasswordDialog({ tenant, onClose }: { tenant: TenantItem; onClose: () => void }) {
  const { t } = useScreen();
  const reset = useOpMutation('tenant.resetPassword', { invalidates: [] });
  const form = useConsoleForm<{ password: string }>({
    resolver: withPasswordRule(zodI18nResolver(resetSchema, t), t, () => tenant.username ?? undefined),
    defaultValues: { password: '' },
  });
  const submit = useDialogSave(form, {
    save: (v) => reset.mutateAsync({ params: { id: tenant.tenantId }, body: { password: v.password } }),
    saved: t('tenant.people.passwordReset'),
    failed: t('tenant.people.saveFailed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('tenant.people.resetTitle', { name: tenant.name })}
      {...submit.dialog}
      testId="distributor-password"
    >
      <NewPasswordInput
        control={form.control}
        label={t('tenant.people.password')}
        testId="distributor-reset-password"
      />
    </FormDialog>
  );
}

type MemberValues = z.input<typeof memberConfig>;

/** How a points expiry rule reads: never, or so many months after earning. */
export const expiryText = (t: TFunction, months: number) =>
  months === 0 ? t('tenant.people.expiryNever') : t('tenant.people.expiryMonths', { count: months });

export function MemberConfigDialog({
  tenant,
  current,
  onClose,
}: {
  tenant: TenantItem;
  current: MemberValues;
  onClose: () => void;
}) {
  const { t } = useScreen();
  const save = useOpMutation('tenant.saveMemberConfig', { invalidates: ['tenant.detail'] });
  const form = useConsoleForm<MemberValues>({
    resolver: zodI18nResolver(memberConfig, t),
    defaultValues: current,
  });
  const submit = useDialogSave(form, {
    save: (body) => save.mutateAsync({ params: { id: tenant.tenantId }, body }),
    saved: t('tenant.people.memberSaved'),
    failed: t('tenant.people.saveFailed'),
    limits: LIMITS,
    onClose,
  });
  const toggle = (name: 'members' | 'points', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          checked={field.value}
          onChange={(_, d) => field.onChange(d.checked)}
          label={label}
          data-testid={`distributor-${name}`}
        />
      )}
    />
  );
  return (
    <FormDialog
      title={t('tenant.people.memberTitle', { name: tenant.name })}
      {...submit.dialog}
      testId="distributor-member"
    >
      <FormInput
        control={form.control}
        name="cardName"
        label={t('tenant.people.cardName')}
        required={false}
        input={{ maxLength: TENANT_LIMITS.cardName, 'data-testid': 'distributor-card-name' }}
      />
      {toggle('members', t('tenant.people.members'))}
      {toggle('points', t('tenant.people.points'))}
      <Controller
        control={form.control}
        name="pointsExpiryMonths"
        render={({ field }) => {
          // A rule set elsewhere (another number of months) is offered as it is.
          const months = [...new Set([...POINTS_EXPIRY_MONTHS, field.value ?? 0])].sort((a, b) => a - b);
          return (
            <Field label={t('tenant.people.pointsExpiry')}>
              <Dropdown
                value={expiryText(t, field.value ?? 0)}
                selectedOptions={[String(field.value ?? 0)]}
                onOptionSelect={(_, d) => field.onChange(Number(d.optionValue))}
                data-testid="distributor-points-expiry"
              >
                {months.map((m) => (
                  <Option key={m} value={String(m)}>
                    {expiryText(t, m)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          );
        }}
      />
    </FormDialog>
  );
}

/**
 * A distributor's payment settings (the admin's, or a first-level tenant's
 * for its own): the payment form in a wide dialog; it saves itself. Escape,
 * a click beside it and Close ask before unsaved input is thrown away, as
 * every form dialog does.
 */
export function PaymentDialog({ tenant, onClose }: { tenant: TenantItem; onClose: () => void }) {
  const { t } = useScreen();
  const [dirty, setDirty] = useState(false);
  const guard = useCloseGuard({ busy: false, dirty, onClose });
  const PaymentForm = tenantPaymentForm.use();
  return (
    <Dialog open modalType="modal" onOpenChange={guard.onOpenChange}>
      <DialogSurface style={{ maxWidth: 'min(960px, 96vw)' }} data-testid="distributor-payment">
        <DialogBody>
          <DialogTitle>{`${t('payment.title')} · ${tenant.name}`}</DialogTitle>
          <DialogContent>
            {/* The form's code loads with the dialog's first opening: the dialog waits for it, not the page. */}
            <Suspense fallback={<Spinner />}>
              <PaymentForm tenantId={tenant.tenantId} onDirtyChange={setDirty} />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button onClick={guard.requestClose} data-testid="distributor-payment-close">
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
        {guard.question}
      </DialogSurface>
    </Dialog>
  );
}
