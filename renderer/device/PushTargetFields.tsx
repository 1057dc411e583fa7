/**
 * A push's form, its first fields: the tenant (the admin names it; a
 * first-level tenant may), what the push goes to — chosen devices, a
 * point's, a scene's — and the choice that target needs, from what
 * `device.pushTargets` offers the tenant. The rollout and the price-change
 * wizards start with these; `PushLeftOut` lists the devices a push cannot
 * reach and why.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { Controller, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { deviceLabel, PUSH_TARGETS } from '../../shared/device/index.js';
import { useOp } from '../bridge.js';
import { FormChoice, FormRadio, FormTenantField, MultiPick, useScreen, type TenantChoice } from '../kit/index.js';
import type { TargetValues } from './target.js';

type TargetForm = TargetValues & { tenantId?: number | undefined };
interface Offered {
  id: number;
  name: string;
  serial: string;
  model: string;
  online: boolean;
}

export interface PushTargetFieldsProps<T extends FieldValues> {
  control: Control<T>;
  choice: TenantChoice;
  /** The prefix of the fields' test ids: `<prefix>-tenant`, `-target`, `-devices`, `-pointId`, `-sceneId`. */
  testId: string;
  /** Another tenant chosen: what was chosen of the last one goes. */
  onTenantChange: () => void;
  /** Of the tenant's devices, those the push may name (default: all). */
  devices?: (device: Offered) => boolean;
}

export function PushTargetFields<T extends FieldValues>({
  control,
  choice,
  testId,
  onTenantChange,
  devices = () => true,
}: PushTargetFieldsProps<T>) {
  const { t } = useScreen();
  // The fields are the target form's (its type names them); the form around them has more.
  const form = control as unknown as Control<TargetForm>;
  const [tenantId, target] = useWatch({ control: form, name: ['tenantId', 'target'] });
  const ready = choice !== 'required' || tenantId !== undefined;
  const targets = useOp('device.pushTargets', { body: tenantId === undefined ? {} : { tenantId } }, { enabled: ready });
  const pickOne = (name: 'pointId' | 'sceneId', options: readonly { id: number; name: string }[]) => (
    <FormChoice
      control={form}
      name={name as FieldPath<TargetForm>}
      label={t(name === 'pointId' ? 'device.push.point' : 'device.push.scene')}
      options={options.map((o) => ({ value: String(o.id), text: o.name }))}
      testId={`${testId}-${name}`}
    />
  );
  return (
    <>
      <FormTenantField control={form} choice={choice} onChange={onTenantChange} testId={`${testId}-tenant`} />
      <FormRadio
        control={form}
        name="target"
        label={t('device.push.target')}
        options={PUSH_TARGETS.map((x) => ({ value: x, text: t(`device.push.targets.${x}`) }))}
        testId={`${testId}-target`}
      />
      {target === 'devices' && (
        <Controller
          control={form}
          name="deviceIds"
          render={({ field, fieldState }) => (
            <MultiPick
              label={t('device.push.devices')}
              required
              options={(targets.data?.devices ?? []).filter(devices).map((d) => ({ id: d.id, text: deviceLabel(d) }))}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('device.push.devices')}
              error={fieldState.error?.message}
              testId={`${testId}-devices`}
            />
          )}
        />
      )}
      {target === 'point' && pickOne('pointId', targets.data?.points ?? [])}
      {target === 'scene' && pickOne('sceneId', targets.data?.scenes ?? [])}
    </>
  );
}

const useStyles = makeStyles({
  left: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground2,
  },
  out: { maxHeight: '120px', overflowY: 'auto' },
});

/** How many of the target's devices the push reaches (`title`), and each left out with why (`testId`, `-left`). */
export function PushLeftOut({
  title,
  left,
  testId,
}: {
  title: string;
  left: readonly { deviceId: number; text: string }[];
  testId: string;
}) {
  const styles = useStyles();
  return (
    <div className={styles.left} data-testid={testId}>
      <Text weight="semibold">{title}</Text>
      <div className={styles.out}>
        {left.map((d) => (
          <div key={d.deviceId} data-testid={`${testId}-left`}>
            {d.text}
          </div>
        ))}
      </div>
    </div>
  );
}
