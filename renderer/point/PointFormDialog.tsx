/**
 * Create / edit a point: name, area (province / city / district, the kit's
 * RegionPicker; editing starts from the point's district) and address. A
 * refused submit keeps the dialog open with everything typed — except "this point no longer exists" (1410), which
 * closes it and refreshes the list. Submitting is guarded: a double click
 * creates one point.
 */
import { Field } from '@fluentui/react-components';
import { Controller, useForm } from 'react-hook-form';
import { POINT_LIMITS, type PointItem } from '../../shared/point/index.js';
import { useOpMutation } from '../bridge.js';
import { applyFieldErrors, SUBMIT_THEN_LIVE, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import {
  FormDialog,
  forTenant,
  RegionPicker,
  tenantChoice,
  TenantField,
  useGuardedAction,
  useScreen,
} from '../kit/index.js';
import { isPointGone } from './gone.js';
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
  const { t, notify, report, user } = useScreen();
  const choice = tenantChoice(user, !point);
  const create = useOpMutation('point.create', { invalidates: ['point.page'] });
  const update = useOpMutation('point.update', { invalidates: ['point.page', 'point.info'] });

  const form = useForm<PointDialogValues, unknown, PointDialogValues>({
    resolver: zodI18nResolver(pointDialogSchema(choice), t),
    defaultValues: {
      name: point?.name ?? '',
      areaCode: point?.areaCode ?? '',
      address: point?.address ?? '',
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
    ...SUBMIT_THEN_LIVE,
  });
  useRelocalise(form);

  const onSubmit = form.handleSubmit(async ({ name, areaCode, address, tenantId }) => {
    try {
      if (point) {
        await update.mutateAsync({ params: { id: point.id }, body: { name, areaCode, address } });
        notify(t('point.updated'));
      } else {
        await create.mutateAsync({
          body: { name, areaCode, address, ...forTenant(tenantId) },
        });
        notify(t('point.created'));
      }
      onClose();
    } catch (error) {
      if (isPointGone(error)) {
        report(error);
        onGone?.();
        onClose();
        return;
      }
      report(error, {
        fallback: t(point ? 'point.saveFailed' : 'point.createFailed'),
        onFields: (fields) => applyFieldErrors(fields, form.setError, t, POINT_LIMITS),
      });
    }
  });

  // The guard answers at once; `isSubmitting` only after a re-render (two submits could start before it).
  const submit = useGuardedAction(onSubmit);
  const busy = submit.busy || form.formState.isSubmitting;
  // Read while rendering: react-hook-form only keeps up the parts of formState that the render reads.
  const dirty = form.formState.isDirty;
  return (
    <FormDialog
      title={t(point ? 'point.editTitle' : 'point.createTitle')}
      busy={busy}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(e) => void submit.run(e)}
      testId="point-form"
    >
      {choice !== 'none' && (
        <Controller
          control={form.control}
          name="tenantId"
          render={({ field, fieldState }) => (
            <TenantField
              ref={field.ref}
              label={t('common.tenant')}
              required={choice === 'required'}
              error={fieldState.error?.message}
              placeholder={t('point.tenantPlaceholder')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              testId="point-form-tenant"
            />
          )}
        />
      )}
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
