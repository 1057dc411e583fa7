/**
 * Choosing the tenant a new row belongs to (spec §5 "admin must choose a
 * tenant"), for every create form and tenant filter: who chooses, and the
 * dropdown of the tenants the user may act for (`tenant.list`).
 */
import { Caption1, Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useContext, useState, type Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../shared/ipc.js';
import { useOp } from '../bridge.js';
import { UserContext } from '../app/session.js';
import { FilterField, useFilterShown } from './FilterBar.js';

/**
 * Who chooses the tenant of a new row: the system admin must (the server
 * refuses without, 1402), a first-level tenant may (itself or a second-level
 * tenant); everyone else creates in their own tenant.
 */
export type TenantChoice = 'required' | 'optional' | 'none';

export function tenantChoice(user: SessionUser, creating: boolean): TenantChoice {
  if (!creating) return 'none';
  if (user.roleKind === 'admin') return 'required';
  if (user.roleKind === 'tenant' && user.parentTenantId === null) return 'optional';
  return 'none';
}

/** Whether the user sees more than one tenant's rows, so a list can filter by tenant. */
export const seesTenants = (user: SessionUser): boolean => tenantChoice(user, true) !== 'none';

/**
 * The `tenantId` of a request body, when one was chosen: the system admin
 * (and a first-level tenant, for its second-level ones) names it; a user who
 * names none acts for its own tenant, so the key is left out, not sent empty.
 */
export const forTenant = (tenantId: number | undefined): { tenantId?: number } =>
  tenantId === undefined ? {} : { tenantId };

/** The tenants the user may act for, loaded when `enabled`. */
export const useTenants = (enabled: boolean) => useOp('tenant.list', { body: {} }, { enabled, staleTime: 60_000 });

/**
 * Each first-level tenant followed by its second-level ones, so a list that
 * mixes the two levels (the admin's) reads as the tree it is; a tenant whose
 * parent is not in the list (a first-level tenant's own view) keeps its place.
 */
export function treeOrder<T extends { tenantId: number; parent: number | null }>(tenants: readonly T[]): T[] {
  const ids = new Set(tenants.map((x) => x.tenantId));
  const children = new Map<number, T[]>();
  for (const x of tenants)
    if (x.parent !== null && ids.has(x.parent)) children.set(x.parent, [...(children.get(x.parent) ?? []), x]);
  return tenants
    .filter((x) => x.parent === null || !ids.has(x.parent))
    .flatMap((x) => [x, ...(children.get(x.tenantId) ?? [])]);
}

const useStyles = makeStyles({
  child: {
    paddingInlineStart: tokens.spacingHorizontalL,
    display: 'inline-flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
  },
  level: { color: tokens.colorNeutralForeground3 },
});

export interface TenantDropdownProps {
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  onBlur?: () => void;
  placeholder: string;
  /** Offer "none chosen" as the first option (a filter; a form chooses one). */
  clearLabel?: string;
  testId?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function TenantDropdown({ value, onChange, onBlur, placeholder, clearLabel, testId, ref }: TenantDropdownProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const tenants = useTenants(true);
  const selected = tenants.data?.find((x) => x.tenantId === value);
  // Its number until the names load: a chip that counts what applies.
  useFilterShown(value === undefined ? undefined : (selected?.name ?? `#${value}`));
  return (
    <Dropdown
      ref={ref}
      placeholder={placeholder}
      // A filter's "All" is a choice, written as one (a placeholder's grey read as disabled); a form's empty field keeps the placeholder.
      value={selected?.name ?? (value === undefined && clearLabel !== undefined ? clearLabel : '')}
      selectedOptions={value === undefined ? (clearLabel !== undefined ? [''] : []) : [String(value)]}
      onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : undefined)}
      onBlur={onBlur}
      data-testid={testId}
    >
      {clearLabel !== undefined && <Option value="">{clearLabel}</Option>}
      {treeOrder(tenants.data ?? []).map((x) => (
        <Option key={x.tenantId} value={String(x.tenantId)} text={x.name}>
          {x.parent === null ? (
            x.name
          ) : (
            <span className={styles.child}>
              {x.name}
              <Caption1 className={styles.level}>{t('common.secondLevel')}</Caption1>
            </span>
          )}
        </Option>
      ))}
    </Dropdown>
  );
}

export interface TenantFieldProps extends Omit<TenantDropdownProps, 'clearLabel'> {
  label: string;
  required: boolean;
  error?: string | undefined;
}

/** The form field: label, dropdown, validation message. */
export function TenantField({ label, required, error, ...dropdown }: TenantFieldProps) {
  return (
    <Field label={label} required={required} validationMessage={error}>
      <TenantDropdown {...dropdown} />
    </Field>
  );
}

export interface FormTenantFieldProps<T extends FieldValues> {
  /** The form: its `tenantId` field. */
  control: Control<T>;
  /** Who chooses (tenantChoice): nothing is drawn for `none`. */
  choice: TenantChoice;
  /** After the form has taken the new tenant: clear what belonged to the last one. */
  onChange?: (tenantId: number | undefined) => void;
  testId: string;
}

/** The tenant field of a create form, bound to the form's `tenantId`: label, error, focus on a refusal. */
export function FormTenantField<T extends FieldValues>({ control, choice, onChange, testId }: FormTenantFieldProps<T>) {
  const { t } = useTranslation();
  if (choice === 'none') return null;
  return (
    <Controller
      control={control}
      name={'tenantId' as FieldPath<T>}
      render={({ field, fieldState }) => (
        <TenantField
          ref={field.ref}
          label={t('common.tenant')}
          required={choice === 'required'}
          error={fieldState.error?.message}
          // Empty, the field says what that means: the admin has to choose; a first-level tenant acts for itself.
          placeholder={t(choice === 'required' ? 'common.tenantChoose' : 'common.tenantOwn')}
          value={field.value as number | undefined}
          onChange={(id) => {
            field.onChange(id);
            onChange?.(id);
          }}
          onBlur={field.onBlur}
          testId={testId}
        />
      )}
    />
  );
}

export interface TenantFilterProps {
  label: string;
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  testId: string;
}

/**
 * A filter bar's tenant field, "all" when cleared: shown only to a user who
 * sees several tenants (the system admin, a first-level tenant), nothing for
 * the rest.
 */
export function TenantFilter({ label, value, onChange, testId }: TenantFilterProps) {
  const { t } = useTranslation();
  const user = useContext(UserContext);
  if (!user || !seesTenants(user)) return null;
  return (
    <FilterField label={label}>
      <TenantDropdown
        value={value}
        onChange={onChange}
        placeholder={t('common.all')}
        clearLabel={t('common.all')}
        testId={testId}
      />
    </FilterField>
  );
}

/**
 * A page of one tenant's settings (fresh food's markdowns and temperature
 * rules, stored value): whose they are. The admin must name the tenant
 * before anything is read (`ready`); a first-level tenant may name one of
 * its second-level tenants, its own being the default; everyone else reads
 * their own.
 */
export function useOwnerTenant() {
  const user = useContext(UserContext)!;
  const [tenantId, setTenantId] = useState<number>();
  const mustChoose = user.roleKind === 'admin';
  return {
    chooses: seesTenants(user),
    mustChoose,
    tenantId,
    setTenantId,
    ready: !mustChoose || tenantId !== undefined,
  };
}
export type OwnerTenant = ReturnType<typeof useOwnerTenant>;

/**
 * That page's tenant field, for a user who chooses: `choose` the admin's
 * prompt, `own` a first-level tenant's (its own tenant when left empty).
 */
export function OwnerTenantField({
  owner,
  choose,
  own,
  testId,
  className,
}: {
  owner: OwnerTenant;
  choose: string;
  own: string;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!owner.chooses) return null;
  return (
    <div className={className}>
      <TenantField
        label={t('common.tenant')}
        required={false}
        value={owner.tenantId}
        onChange={owner.setTenantId}
        placeholder={owner.mustChoose ? choose : own}
        testId={testId}
      />
    </div>
  );
}
