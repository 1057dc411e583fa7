/**
 * The member dialogs: create (name, phone, account name, password, a role of
 * the tenant; the admin names the tenant), edit (name and phone — the phone
 * is sent only when changed, since a new one must differ), bind a role (or
 * none). Checked with the upstream's own schemas on submit, then as typed.
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { memberCreate, memberUpdate, MEMBER_LIMITS, type MemberItem } from '../../shared/staff/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { NEW_ACCOUNT_FIELD_CODES, NewAccountInputs, useNewAccountForm } from '../account/index.js';
import { FormDialog, forTenant, useDialogSave, useScreen, FormTenantField } from '../kit/index.js';

const REFRESH = ['staff.page', 'staff.roles'] as const;
const LIMITS = { name: MEMBER_LIMITS.name };

/** The roles a member of `tenantId` may hold (the caller's own tenant's when none is named). */
function RoleField({
  tenantId,
  value,
  onChange,
  testId,
}: {
  tenantId: number | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  testId: string;
}) {
  const { t } = useScreen();
  const roles = useOp('staff.roles', {
    query: { pageNum: 1, pageSize: 200 },
    body: forTenant(tenantId),
  });
  const list = roles.data?.list ?? [];
  const none = t('staff.member.noRole');
  const chosen = list.find((r) => r.id === value);
  return (
    <Field label={t('staff.member.role')}>
      <Dropdown
        value={chosen?.name ?? none}
        selectedOptions={[String(value ?? '')]}
        onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : null)}
        data-testid={testId}
      >
        <Option value="">{none}</Option>
        {list.map((r) => (
          <Option key={r.id} value={String(r.id)}>
            {r.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

type CreateValues = z.input<typeof memberCreate>;
const createSchema = memberCreate.omit({ roleId: true, tenantId: true });

export function CreateMemberDialog({ onClose }: { onClose: () => void }) {
  const { t, user } = useScreen();
  const create = useOpMutation('staff.create', { invalidates: REFRESH });
  const [roleId, setRoleId] = useState<number | null>(null);
  const admin = user.roleKind === 'admin';
  const form = useNewAccountForm<CreateValues>(
    admin ? createSchema.extend({ tenantId: z.number({ error: 'validation.required' }) }) : createSchema,
    { name: '', phone: '', username: '', password: '' },
  );
  const tenantId = form.watch('tenantId') as number | undefined;
  const submit = useDialogSave(form, {
    save: (v) =>
      create.mutateAsync({
        body: {
          name: v.name,
          phone: v.phone,
          username: v.username,
          password: v.password,
          ...(roleId === null ? {} : { roleId }),
          ...(v.tenantId === undefined ? {} : { tenantId: Number(v.tenantId) }),
        },
      }),
    saved: t('staff.member.created'),
    failed: t('staff.member.saveFailed'),
    limits: LIMITS,
    onClose,
    fieldCodes: NEW_ACCOUNT_FIELD_CODES,
  });
  return (
    <FormDialog title={t('staff.member.createTitle')} {...submit.dialog} testId="member-form">
      <FormTenantField
        control={form.control}
        choice={admin ? 'required' : 'none'}
        testId="member-tenant"
        onChange={() => {
          setRoleId(null);
        }}
      />
      <FormInput
        control={form.control}
        name="name"
        label={t('staff.member.name')}
        input={{ maxLength: MEMBER_LIMITS.name, 'data-testid': 'member-name' }}
      />
      <FormInput
        control={form.control}
        name="phone"
        label={t('staff.member.phone')}
        input={{ inputMode: 'tel', maxLength: 11, 'data-testid': 'member-phone' }}
      />
      <NewAccountInputs
        control={form.control}
        labels={{ username: t('staff.member.username'), password: t('staff.member.password') }}
        testId="member"
      />
      {(!admin || tenantId !== undefined) && (
        <RoleField tenantId={admin ? tenantId : undefined} value={roleId} onChange={setRoleId} testId="member-role" />
      )}
    </FormDialog>
  );
}

type EditValues = { name: string; phone: string };
const editSchema = z.object({ name: memberUpdate.shape.name, phone: memberUpdate.shape.phone.unwrap() });

export function EditMemberDialog({ member, onClose }: { member: MemberItem; onClose: () => void }) {
  const { t } = useScreen();
  const update = useOpMutation('staff.update', { invalidates: REFRESH });
  const form = useConsoleForm<EditValues>({
    resolver: zodI18nResolver(editSchema, t),
    defaultValues: { name: member.name, phone: member.phone ?? '' },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      update.mutateAsync({
        params: { id: member.id },
        body: { name: v.name, ...(v.phone.trim() !== member.phone ? { phone: v.phone } : {}) },
      }),
    saved: t('staff.member.saved'),
    failed: t('staff.member.saveFailed'),
    limits: LIMITS,
    onClose,
  });
  return (
    <FormDialog title={t('staff.member.editTitle')} {...submit.dialog} testId="member-edit">
      <FormInput
        control={form.control}
        name="name"
        label={t('staff.member.name')}
        input={{ maxLength: MEMBER_LIMITS.name, 'data-testid': 'member-edit-name' }}
      />
      <FormInput
        control={form.control}
        name="phone"
        label={t('staff.member.phone')}
        input={{ inputMode: 'tel', maxLength: 11, 'data-testid': 'member-edit-phone' }}
      />
    </FormDialog>
  );
}

export function BindRoleDialog({ member, onClose }: { member: MemberItem; onClose: () => void }) {
  const { t } = useScreen();
  const bind = useOpMutation('staff.bindRole', { invalidates: REFRESH });
  const [roleId, setRoleId] = useState<number | null>(member.roleId);
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const submit = useDialogSave(form, {
    save: () => bind.mutateAsync({ params: { id: member.id }, body: { roleId } }),
    saved: t('staff.member.roleBound'),
    failed: t('staff.member.saveFailed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('staff.member.bindRoleTitle', { name: member.name })}
      busy={submit.busy}
      dirty={roleId !== member.roleId}
      onClose={onClose}
      onSubmit={(e) => void submit.run(e)}
      testId="member-bind-role"
    >
      <RoleField tenantId={member.tenantId} value={roleId} onChange={setRoleId} testId="member-bind-role-choice" />
    </FormDialog>
  );
}
