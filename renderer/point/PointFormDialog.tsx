/** Create / edit a point. A refused submit keeps the dialog open with everything typed. */
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field,
  makeStyles, Option, tokens,
} from '@fluentui/react-components';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { POINT_LIMITS, type PointItem } from '../../shared/api/point.js';
import { useOp, useOpMutation } from '../bridge.js';
import { applyFieldErrors, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { useUser } from '../app/session.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { pointDialogSchema, tenantChoice, type PointDialogValues } from './pointSchema.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface PointFormDialogProps {
  /** The point to edit; none to create. */
  point?: PointItem | undefined;
  onClose: () => void;
}

type TextField = 'name' | 'area' | 'address';
const TEXT_FIELDS: readonly TextField[] = ['name', 'area', 'address'];

/** Mounted while open: each opening starts from the point's (or empty) values. */
export function PointFormDialog({ point, onClose }: PointFormDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const report = useReport();
  const user = useUser();
  const choice = tenantChoice(user, !point);
  const tenants = useOp('tenant.list', { body: {} }, { enabled: choice !== 'none', staleTime: 60_000 });
  const create = useOpMutation('point.create', { invalidates: ['point.page'] });
  const update = useOpMutation('point.update', { invalidates: ['point.page', 'point.info'] });

  const form = useForm<PointDialogValues, unknown, PointDialogValues>({
    resolver: zodI18nResolver(pointDialogSchema(choice), t),
    defaultValues: {
      name: point?.name ?? '',
      area: point?.area ?? '',
      address: point?.address ?? '',
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
    mode: 'onTouched',
  });
  useRelocalise(form);

  const onSubmit = form.handleSubmit(async ({ name, area, address, tenantId }) => {
    try {
      if (point) {
        await update.mutateAsync({ params: { id: point.id }, body: { name, area, address } });
        notify(t('point.updated'));
      } else {
        await create.mutateAsync({ body: { name, area, address, ...(tenantId === undefined ? {} : { tenantId }) } });
        notify(t('point.created'));
      }
      onClose();
    } catch (error) {
      report(error, {
        fallback: t(point ? 'point.saveFailed' : 'point.createFailed'),
        onFields: (fields) => applyFieldErrors(fields, form.setError, t, POINT_LIMITS),
      });
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t(point ? 'point.editTitle' : 'point.createTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              {choice !== 'none' && (
                <Controller
                  control={form.control}
                  name="tenantId"
                  render={({ field, fieldState }) => {
                    const selected = tenants.data?.find((x) => x.tenantId === field.value);
                    return (
                      <Field label={t('point.tenant')} required={choice === 'required'} validationMessage={fieldState.error?.message}>
                        <Dropdown
                          ref={field.ref}
                          placeholder={t('point.tenantPlaceholder')}
                          value={selected?.name ?? ''}
                          selectedOptions={field.value === undefined ? [] : [String(field.value)]}
                          onOptionSelect={(_, d) => field.onChange(d.optionValue ? Number(d.optionValue) : undefined)}
                          onBlur={field.onBlur}
                          data-testid="point-form-tenant"
                        >
                          {(tenants.data ?? []).map((x) => (
                            <Option key={x.tenantId} value={String(x.tenantId)}>{x.name}</Option>
                          ))}
                        </Dropdown>
                      </Field>
                    );
                  }}
                />
              )}
              {TEXT_FIELDS.map((name) => (
                <FormInput key={name} control={form.control} name={name} label={t(`point.${name}`)}
                  input={{ placeholder: t(`point.${name}Placeholder`), 'data-testid': `point-form-${name}` }} />
              ))}
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose} disabled={busy} data-testid="point-form-cancel">{t('common.cancel')}</Button>
              <Button type="submit" appearance="primary" disabled={busy} data-testid="point-form-submit">{t('common.confirm')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
