/**
 * Pushing a released package (the rollout wizard, one dialog): the tenant
 * (the admin names it), the target — chosen devices, a point's, or a scene's
 * linkage group — with the devices that can take the package counted and
 * the others listed with the reason; the stages, rate, concurrency,
 * maintenance window and failure limit; approval by another user. Confirm
 * creates it and opens its progress.
 */
import { Checkbox, makeStyles } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { CODE } from '../../shared/domains.js';
import type { PackageDetail, RolloutDetail } from '../../shared/firmware/index.js';
import { deviceLabel } from '../../shared/device/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormDialog, tenantChoice, useDialogSave, useScreen } from '../kit/index.js';
import { emptyRollout, rolloutSchema, toRolloutInput, type RolloutValues } from './rolloutForm.js';
import { ownerOf, PushLeftOut, PushTargetFields, targetField, targetNamed, targetOf } from '../device/index.js';

const useStyles = makeStyles({ surface: { maxWidth: '720px' } });

export function RolloutDialog({
  pkg,
  onClose,
  onCreated,
}: {
  pkg: PackageDetail;
  onClose: () => void;
  onCreated: (rollout: RolloutDetail) => void;
}) {
  const { t, user } = useScreen();
  const styles = useStyles();
  const choice = tenantChoice(user, true);
  const create = useOpMutation('firmware.rolloutCreate', { invalidates: ['firmware.rolloutPage'] });
  const form = useConsoleForm<RolloutValues>({
    resolver: zodI18nResolver(rolloutSchema, t),
    defaultValues: emptyRollout,
  });
  const [tenantId, target, deviceIds, pointId, sceneId, windowOn] = useWatch({
    control: form.control,
    name: ['tenantId', 'target', 'deviceIds', 'pointId', 'sceneId', 'windowOn'],
  });
  const ready = choice !== 'required' || tenantId !== undefined;
  const named = targetNamed({ target, deviceIds, pointId, sceneId });
  const judged = useOp(
    'firmware.eligibility',
    {
      body: {
        ...ownerOf({ tenantId }),
        packageId: pkg.id,
        ...targetOf({ target, deviceIds, pointId, sceneId }),
      },
    },
    { enabled: ready && named, meta: { silent: true } },
  );
  const left = (judged.data ?? []).filter((d) => d.reason !== null);
  const submit = useDialogSave(form, {
    save: async (v) => onCreated(await create.mutateAsync({ body: toRolloutInput(v, pkg.id) })),
    saved: t('firmware.rollout.created'),
    failed: t('firmware.rollout.push'),
    fieldCodes: { [CODE.noEligibleDevices]: targetField(target), [CODE.pushRefUnknown]: targetField(target) },
    onClose,
  });
  const number = (name: 'firstStage' | 'perMinute' | 'concurrent' | 'threshold' | 'minDevices', hint?: string) => (
    <FormInput
      control={form.control}
      name={name}
      label={t(`firmware.rollout.${name}`)}
      {...(hint ? { hint } : {})}
      input={{ inputMode: 'numeric', maxLength: 4, 'data-testid': `firmware-rollout-${name}` }}
    />
  );
  return (
    <FormDialog
      title={t('firmware.rollout.title', { version: `${pkg.modelName} ${pkg.version}` })}
      testId="firmware-rollout"
      surfaceClassName={styles.surface}
      submitLabel={t('firmware.rollout.push')}
      {...submit.dialog}
    >
      <PushTargetFields
        control={form.control}
        choice={choice}
        onTenantChange={() => form.setValue('deviceIds', [])}
        devices={(d) => d.model === pkg.modelName}
        testId="firmware-rollout"
      />
      {judged.data && (
        <PushLeftOut
          title={t('firmware.rollout.eligibility', {
            eligible: judged.data.length - left.length,
            total: judged.data.length,
          })}
          left={left.map((d) => ({
            deviceId: d.deviceId,
            text: t('common.labelled', {
              label: deviceLabel(d),
              value: d.version
                ? t('common.withNote', { text: t(`firmware.rollout.reasons.${d.reason!}`), note: d.version })
                : t(`firmware.rollout.reasons.${d.reason!}`),
            }),
          }))}
          testId="firmware-rollout-eligibility"
        />
      )}
      {number('firstStage', t('firmware.rollout.firstStageHint'))}
      {number('perMinute')}
      {number('concurrent')}
      {number('threshold')}
      {number('minDevices')}
      <Controller
        control={form.control}
        name="windowOn"
        render={({ field }) => (
          <Checkbox
            label={t('firmware.rollout.window')}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked === true)}
            data-testid="firmware-rollout-window"
          />
        )}
      />
      {windowOn && (
        <>
          <FormInput
            control={form.control}
            name="windowFrom"
            label={t('firmware.rollout.windowFrom')}
            input={{ maxLength: 5, placeholder: '01:00', 'data-testid': 'firmware-rollout-from' }}
          />
          <FormInput
            control={form.control}
            name="windowTo"
            label={t('firmware.rollout.windowTo')}
            input={{ maxLength: 5, placeholder: '05:00', 'data-testid': 'firmware-rollout-to' }}
          />
        </>
      )}
      <Controller
        control={form.control}
        name="approval"
        render={({ field }) => (
          <Checkbox
            label={t('firmware.rollout.approval')}
            checked={field.value}
            onChange={(_, d) => field.onChange(d.checked === true)}
            data-testid="firmware-rollout-approval"
          />
        )}
      />
    </FormDialog>
  );
}
