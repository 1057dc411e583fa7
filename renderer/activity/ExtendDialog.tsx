/**
 * Extending an activity: a new end, never before its original end nor before
 * now (§4, 3413 and 3437) — checked as typed and again by the upstream,
 * whose refusal shows at the field.
 */
import { Field } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { ActivityDetail } from '../../shared/activity/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { DateTimeInput, FormDialog, useDialogSave, useScreen } from '../kit/index.js';
import { businessInstant, businessText } from './form.js';

type Values = { endAt: string };

export function ExtendDialog({ activity, onClose }: { activity: ActivityDetail; onClose: () => void }) {
  const { t } = useScreen();
  const extend = useOpMutation('activity.extend', { invalidates: ['activity.page', 'activity.info'] });
  const original = Date.parse(activity.endAt);
  const schema = z.object({
    endAt: z
      .string()
      .refine((v) => Number.isFinite(Date.parse(businessInstant(v))), { message: 'validation.invalid' })
      .refine((v) => Date.parse(businessInstant(v)) >= original, { message: 'activity.validation.extendBeforeEnd' })
      .refine((v) => Date.parse(businessInstant(v)) > Date.now(), { message: 'activity.validation.endBeforeNow' }),
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { endAt: businessText(new Date(Math.max(original, Date.now()) + 7 * 86_400_000).toISOString()) },
  });
  const submit = useDialogSave(form, {
    save: ({ endAt }) => extend.mutateAsync({ params: { id: activity.id }, body: { endAt: businessInstant(endAt) } }),
    saved: t('activity.extended'),
    failed: t('activity.extended'),
    goneCode: CODE.activityNotFound,
    fieldCodes: { [CODE.extendBeforeEnd]: 'endAt', [CODE.endBeforeNow]: 'endAt' },
    onClose,
  });
  return (
    <FormDialog title={t('activity.extendTitle')} testId="activity-extend" {...submit.dialog}>
      <Controller
        control={form.control}
        name="endAt"
        render={({ field, fieldState }) => (
          <Field
            label={t('activity.endAt')}
            required
            hint={`${t('activity.endAt')}: ${businessText(activity.endAt)}`}
            validationMessage={fieldState.error?.message}
            validationState={fieldState.error ? 'error' : 'none'}
          >
            <DateTimeInput value={field.value} onChange={field.onChange} />
          </Field>
        )}
      />
    </FormDialog>
  );
}
