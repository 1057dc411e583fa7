/**
 * /marketing/adddiscount (hidden, spec §2 create discount activity; §5
 * campaign rules): an activity of one type — `?type=` a new one, `?id=` one
 * not yet started — asking only for that type's fields (TypeFields), with
 * §5 checked as it is typed by the same rules the upstream applies, and the
 * price preview beside it priced by the engine that prices sales, the
 * unsaved activity included. A saved activity opens on its own page.
 */
import { Button, Field, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { formatYuan } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import {
  ACTIVITY_LIMITS,
  ACTIVITY_TYPES,
  activityInput,
  type ActivityDetail,
  type ActivityType,
} from '../../shared/activity/index.js';
import { useDetail } from '../app/detail.js';
import { FormInput } from '../app/FormInput.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  DateTimeInput,
  DetailPage,
  FormChoice,
  FormRadio,
  FormTenantField,
  forTenant,
  MultiPick,
  productOption,
  tenantChoice,
  useDialogSave,
  useScreen,
} from '../kit/index.js';
import { emptyValues, toInput, valuesOf, type ActivityValues } from './form.js';
import { ACTIVITIES_PATH, activityPath } from './paths.js';
import { PricePreview } from './PricePreview.js';
import { DryRun } from './DryRun.js';
import { ProductPrices, RuleFields } from './TypeFields.js';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 640px) minmax(280px, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '& > *': { flex: '1 1 200px' } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, position: 'sticky', top: 0 },
});

/** The form's values checked as the API's body: the same paths, so every issue lands on its field. */
const schema = z.preprocess((v) => toInput(v as ActivityValues), activityInput) as unknown as z.ZodType<
  ActivityValues,
  ActivityValues
>;

export default function ActivityFormPage() {
  const { t } = useScreen();
  const [params] = useSearchParams();
  const editing = params.get('id') !== null;
  const asked = params.get('type');
  const type: ActivityType = (ACTIVITY_TYPES as readonly string[]).includes(asked ?? '')
    ? (asked as ActivityType)
    : 'discount';
  const detail = useDetail('activity.info', {
    backTo: ACTIVITIES_PATH,
    backLabel: t('common.back'),
    testId: 'activity-form',
    notFoundCode: CODE.activityNotFound,
    invalidId: t('activity.route.addDiscount'),
  });
  if (editing && detail.gate) return detail.gate;
  const activity = editing ? detail.data : undefined;
  const shown = activity?.type ?? type;
  return (
    <DetailPage
      id="activity-form"
      title={`${t(activity ? 'activity.edit' : 'activity.create')} · ${t(`activity.types.${shown}`)}`}
      back={detail.back}
      wide
      titleTestId="activity-form-title"
    >
      <ActivityForm key={activity?.id ?? shown} activity={activity} type={shown} />
    </DetailPage>
  );
}

function ActivityForm({ activity, type }: { activity: ActivityDetail | undefined; type: ActivityType }) {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const choice = tenantChoice(user, !activity);
  const create = useOpMutation('activity.create', { invalidates: ['activity.page'] });
  const update = useOpMutation('activity.update', { invalidates: ['activity.page', 'activity.info'] });
  const defaults = useMemo(() => (activity ? valuesOf(activity) : emptyValues(type)), [activity, type]);
  const form = useConsoleForm<ActivityValues>({
    resolver: zodI18nResolver(schema, t) as unknown as Resolver<ActivityValues>,
    defaultValues: defaults,
  });
  const values = useWatch({ control: form.control }) as ActivityValues;
  const tenantId = activity?.tenantId ?? values.tenantId ?? user.tenantId ?? undefined;
  const ready = choice !== 'required' || values.tenantId !== undefined;
  const choices = useOp(
    'activity.choices',
    { body: forTenant(activity?.tenantId ?? values.tenantId) },
    // Read afresh at each opening: a group, device or product made since the list page read its names is offered too.
    { enabled: ready, staleTime: 0 },
  );
  const submit = useDialogSave(form, {
    // The resolver hands over the API's body (fen, instants), not the form's values.
    save: async (checked) => {
      const body = checked as unknown as z.output<typeof activityInput>;
      const saved = activity
        ? await update.mutateAsync({ params: { id: activity.id }, body: { ...body, tenantId: undefined } })
        : await create.mutateAsync({ body });
      void navigate(activityPath(saved.id));
    },
    saved: t('activity.saved'),
    failed: t('activity.saved'),
    goneCode: activity ? CODE.activityNotFound : undefined,
    limits: ACTIVITY_LIMITS,
    fieldCodes: { [CODE.endBeforeNow]: 'endAt' },
    onClose: () => {},
    onGone: () => void navigate(ACTIVITIES_PATH),
  });
  const error = (name: string) => {
    const path = name.split('.');
    let e: unknown = form.formState.errors;
    for (const p of path) e = (e as Record<string, unknown> | undefined)?.[p];
    return (e as { message?: string } | undefined)?.message;
  };
  const named = (list: readonly { id: number; name: string }[] | undefined) =>
    (list ?? []).map((x) => ({ id: x.id, text: x.name }));

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit.dialog.onSubmit} noValidate data-testid="activity-form">
        <FormTenantField control={form.control} choice={choice} testId="activity-form-tenant" />
        <div className={styles.pair}>
          <FormInput
            control={form.control}
            name="name"
            label={t('activity.name')}
            input={{ maxLength: ACTIVITY_LIMITS.name, 'data-testid': 'activity-form-name' }}
          />
          <FormInput
            control={form.control}
            name="tag"
            label={t('activity.tag')}
            input={{ maxLength: ACTIVITY_LIMITS.tag, 'data-testid': 'activity-form-tag' }}
          />
        </div>
        <div className={styles.pair}>
          {(['startAt', 'endAt'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <Field
                  label={t(`activity.${name}`)}
                  required
                  validationMessage={fieldState.error?.message}
                  validationState={fieldState.error ? 'error' : 'none'}
                >
                  <DateTimeInput
                    value={field.value}
                    onChange={field.onChange}
                    aria-invalid={fieldState.error ? true : undefined}
                  />
                </Field>
              )}
            />
          ))}
        </div>
        <FormRadio
          control={form.control}
          name="target"
          label={t('activity.target')}
          options={(['devices', 'scenes'] as const).map((x) => ({ value: x, text: t(`activity.targets.${x}`) }))}
          testId="activity-form-target"
        />
        {values.target === 'devices' ? (
          <Controller
            control={form.control}
            name="deviceIds"
            render={({ field }) => (
              <MultiPick
                label={t('activity.devices')}
                required
                options={(choices.data?.devices ?? []).map((d) => ({ id: d.id, text: deviceLabel(d) }))}
                value={field.value}
                onChange={field.onChange}
                placeholder={t('activity.none')}
                error={error('deviceIds')}
                testId="activity-form-devices"
              />
            )}
          />
        ) : (
          <Controller
            control={form.control}
            name="sceneIds"
            render={({ field }) => (
              <MultiPick
                label={t('activity.scenes')}
                required
                options={named(choices.data?.scenes)}
                value={field.value}
                onChange={field.onChange}
                placeholder={t('activity.none')}
                error={error('sceneIds')}
                testId="activity-form-scenes"
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="products"
          render={({ field }) => (
            <MultiPick
              label={t('activity.products')}
              required
              options={(choices.data?.products ?? []).map((p) => productOption(p, formatYuan(p.price)))}
              value={field.value.map((p) => p.productId)}
              onChange={(ids) =>
                field.onChange(
                  ids.map(
                    (productId) => field.value.find((p) => p.productId === productId) ?? { productId, price: '' },
                  ),
                )
              }
              placeholder={t('activity.none')}
              error={error('products')}
              testId="activity-form-products"
            />
          )}
        />
        <ProductPrices form={form} type={type} products={choices.data?.products ?? []} error={error} />
        <FormRadio
          control={form.control}
          name="crowd"
          label={t('activity.crowd')}
          options={(['everyone', 'inGroups', 'notInGroups'] as const).map((x) => ({
            value: x,
            text: t(`activity.crowds.${x}`),
            testId: `activity-form-crowd-${x}`,
          }))}
          testId="activity-form-crowd"
        />
        {values.crowd !== 'everyone' && (
          <Controller
            control={form.control}
            name="groupIds"
            render={({ field }) => (
              <MultiPick
                label={t('activity.groups')}
                required
                options={named(choices.data?.groups)}
                value={field.value}
                onChange={field.onChange}
                placeholder={t('activity.none')}
                error={error('groupIds')}
                testId="activity-form-groups"
              />
            )}
          />
        )}
        {/* Tier-only: shown where the tenant has member grades (shared/member/grades.ts), or the activity names one. */}
        {(choices.data?.grades.length ?? 0) > 0 && (
          <FormChoice
            control={form.control}
            name="minGradeId"
            label={t('activity.minGrade')}
            required={false}
            options={[
              { value: '', text: t('activity.anyGrade') },
              ...(choices.data?.grades ?? []).map((g) => ({
                value: String(g.id),
                text: t('activity.gradeAndAbove', { name: g.name }),
              })),
            ]}
            testId="activity-form-grade"
          />
        )}
        <div className={styles.pair}>
          {(['newUserOnly', 'exclusive'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  label={t(`activity.${name}`)}
                  onChange={(_, d) => field.onChange(d.checked)}
                  data-testid={`activity-form-${name}`}
                />
              )}
            />
          ))}
        </div>
        <RuleFields form={form} type={type} error={error} />
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={submit.busy} data-testid="activity-form-save">
            {t('activity.save')}
          </Button>
        </div>
      </form>
      <div className={styles.side}>
        <PricePreview
          tenantId={tenantId}
          ready={ready}
          devices={choices.data?.devices ?? []}
          products={choices.data?.products ?? []}
          values={values}
          activityId={activity?.id}
        />
        <DryRun values={values} />
      </div>
    </div>
  );
}
