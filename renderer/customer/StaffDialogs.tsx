/**
 * An enterprise staff member's dialog, to add or edit: name, position, card
 * id, valid phone, remark; a tenant's user names the customer when adding
 * (an enterprise account adds to its own list). Checked with the upstream's
 * own schema on submit, then as typed.
 */
import { Field } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { customerStaffInput, CUSTOMER_STAFF_LIMITS, type CustomerStaffItem } from '../../shared/customer/index.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { CustomerDropdown } from './CustomerDropdown.js';

const REFRESH = ['customer.staffPage', 'customer.page', 'customer.info'] as const;
const LIMITS = {
  name: CUSTOMER_STAFF_LIMITS.name,
  position: CUSTOMER_STAFF_LIMITS.position,
  remark: CUSTOMER_STAFF_LIMITS.remark,
};
const anyCustomer = customerStaffInput.extend({ customerId: z.number().optional() });
const withCustomer = customerStaffInput.extend({ customerId: z.number({ error: 'customer.validation.customer' }) });
type Values = z.input<typeof anyCustomer>;

export interface StaffDialogProps {
  /** The member edited; none: a new one. */
  staff?: CustomerStaffItem;
  /** Whether the user names the customer (not an enterprise account); the list's chosen one is offered. */
  chooseCustomer: boolean;
  customerId?: number | undefined;
  onClose: () => void;
}

export function StaffDialog({ staff, chooseCustomer, customerId, onClose }: StaffDialogProps) {
  const { t } = useScreen();
  const create = useOpMutation('customer.staffCreate', { invalidates: REFRESH });
  const update = useOpMutation('customer.staffUpdate', { invalidates: REFRESH });
  const naming = chooseCustomer && !staff;
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(naming ? withCustomer : anyCustomer, t),
    defaultValues: {
      name: staff?.name ?? '',
      position: staff?.position ?? '',
      cardId: staff?.cardId ?? '',
      phone: staff?.phone ?? '',
      remark: staff?.remark ?? '',
      ...(customerId === undefined ? {} : { customerId }),
    },
  });
  const submit = useDialogSave(form, {
    save: (v) => {
      const body = {
        name: v.name,
        position: v.position ?? '',
        cardId: v.cardId,
        phone: v.phone,
        remark: v.remark ?? '',
      };
      return staff
        ? update.mutateAsync({ params: { id: staff.id }, body })
        : create.mutateAsync({
            body: { ...body, ...(naming && v.customerId !== undefined ? { customerId: v.customerId } : {}) },
          });
    },
    saved: t(staff ? 'customer.staff.saved' : 'customer.staff.created'),
    failed: t('customer.staff.saveFailed'),
    limits: LIMITS,
    onClose,
  });
  return (
    <FormDialog
      title={t(staff ? 'customer.staff.editTitle' : 'customer.staff.createTitle')}
      {...submit.dialog}
      testId="customer-staff-form"
    >
      {naming && (
        <Controller
          control={form.control}
          name="customerId"
          render={({ field, fieldState }) => (
            <Field label={t('customer.staff.customer')} required validationMessage={fieldState.error?.message}>
              <CustomerDropdown
                value={field.value}
                onChange={field.onChange}
                placeholder={t('customer.staff.chooseCustomer')}
                testId="customer-staff-customer"
              />
            </Field>
          )}
        />
      )}
      <FormInput
        control={form.control}
        name="name"
        label={t('customer.staff.name')}
        input={{ maxLength: CUSTOMER_STAFF_LIMITS.name, 'data-testid': 'customer-staff-name' }}
      />
      <FormInput
        control={form.control}
        name="position"
        label={t('customer.staff.position')}
        required={false}
        input={{ maxLength: CUSTOMER_STAFF_LIMITS.position, 'data-testid': 'customer-staff-position' }}
      />
      <FormInput
        control={form.control}
        name="cardId"
        label={t('customer.staff.cardId')}
        hint={t('customer.validation.cardId')}
        input={{ maxLength: CUSTOMER_STAFF_LIMITS.cardId, autoComplete: 'off', 'data-testid': 'customer-staff-card' }}
      />
      <FormInput
        control={form.control}
        name="phone"
        label={t('customer.staff.phone')}
        input={{ inputMode: 'tel', maxLength: 11, 'data-testid': 'customer-staff-phone' }}
      />
      <FormInput
        control={form.control}
        name="remark"
        label={t('customer.staff.remark')}
        required={false}
        input={{ maxLength: CUSTOMER_STAFF_LIMITS.remark, 'data-testid': 'customer-staff-remark' }}
      />
    </FormDialog>
  );
}
