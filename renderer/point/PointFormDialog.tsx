/**
 * Create / edit a point: name, area (province / city / district, the kit's
 * RegionPicker; editing starts from the point's district) and address. A
 * refused submit keeps the dialog open with everything typed — except "this
 * point no longer exists" (1410), which closes it and refreshes the list. The
 * kit's useDialogSave runs the save: a double click creates one point.
 */
import { Field } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { POINT_LIMITS, type PointItem } from '../../shared/point/index.js';
import { useOpMutation } from '../bridge.js';
import { CODE } from '../../shared/domains.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import {
  FormDialog,
  forTenant,
  RegionPicker,
  tenantChoice,
  useDialogSave,
  useScreen,
  FormTenantField,
} from '../kit/index.js';
import { pointDialogSchema, type PointDialogValues } from './pointSchema.js';

export interface PointFormDialogProps {
  /** The point to edit; none to create. */
  point?: PointItem | undefined;
  onClose: () => void;
  /** The point was deleted meanwhile (1410): the list should refresh. */
  onGone?: () => void;
}

/** Mounted while open: each opening starts from the point's (or empty) values. */
export function PointFormDialog({ point, onClose, onGone }: PointFormDialogProps) {
  const { t, user } = useScreen();
  const choice = tenantChoice(user, !point);
  const create = useOpMutation('point.create', { invalidates: ['point.page'] });
  const update = useOpMutation('point.update', { invalidates: ['point.page', 'point.info'] });

  const form = useConsoleForm<PointDialogValues>({
    resolver: zodI18nResolver(pointDialogSchema(choice), t),
    defaultValues: {
      name: point?.name ?? '',
      areaCode: point?.areaCode ?? '',
      address: point?.address ?? '',
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });

  const submit = useDialogSave(form, {
    save: ({ name, areaCode, address, tenantId }) =>
      point
        ? update.mutateAsync({ params: { id: point.id }, body: { name, areaCode, address } })
        : create.mutateAsync({ body: { name, areaCode, address, ...forTenant(tenantId) } }),
    saved: t(point ? 'point.updated' : 'point.created'),
    failed: t(point ? 'point.saveFailed' : 'point.createFailed'),
    goneCode: CODE.pointNotFound,
    limits: POINT_LIMITS,
    onClose,
    onGone,
  });
  return (
    <FormDialog title={t(point ? 'point.editTitle' : 'point.createTitle')} {...submit.dialog} testId="point-form">
      <FormTenantField control={form.control} choice={choice} testId="point-form-tenant" />
      <FormInput
        control={form.control}
        name="name"
        label={t('point.name')}
        input={{ placeholder: t('point.namePlaceholder'), 'data-testid': 'point-form-name' }}
      />
      <Controller
        control={form.control}
        name="areaCode"
        render={({ field, fieldState }) => (
          <Field label={t('point.area')} required validationMessage={fieldState.error?.message}>
            {/* Until a district is chosen the picker gives no code: the form holds '' and says what is missing. */}
            <RegionPicker
              ref={field.ref}
              leafOnly
              value={field.value || undefined}
              onChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              disabled={field.disabled}
              testId="point-form-area"
            />
          </Field>
        )}
      />
      <FormInput
        control={form.control}
        name="address"
        label={t('point.address')}
        input={{ placeholder: t('point.addressPlaceholder'), 'data-testid': 'point-form-address' }}
      />
    </FormDialog>
  );
}
