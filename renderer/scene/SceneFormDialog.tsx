/**
 * Create / edit a scene (spec §3 Scene; §5: name, tenant, notes required; a
 * scene binds devices, each once, none of another scene). The devices are
 * the tenant's: chosen from a list that says which scene each serves now.
 */
import { Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { SCENE_LIMITS, sceneForm, type SceneDetail } from '../../shared/scene/index.js';
import { deviceLabel } from '../../shared/device/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { useUser } from '../app/session.js';
import { CheckGroup, FormDialog, forTenant, tenantChoice, useDialogSave, FormTenantField } from '../kit/index.js';

const useStyles = makeStyles({
  devices: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '240px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalXS,
  },
  taken: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalXS },
});

type Values = { name: string; description: string; notes: string; deviceIds: number[]; tenantId?: number | undefined };

const schemaFor = (tenantRequired: boolean) =>
  sceneForm.extend({
    deviceIds: z.array(z.number()).min(1, { message: 'scene.validation.devices' }),
    tenantId: tenantRequired ? z.number({ error: 'validation.required' }) : z.number().optional(),
  }) as unknown as z.ZodType<Values, Values>;

export function SceneFormDialog({
  scene,
  onClose,
  onGone,
}: {
  scene?: SceneDetail | undefined;
  onClose: () => void;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const choice = tenantChoice(user, !scene);
  const create = useOpMutation('scene.create', { invalidates: ['scene.page', 'scene.deviceOptions'] });
  const update = useOpMutation('scene.update', { invalidates: ['scene.page', 'scene.info', 'scene.deviceOptions'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schemaFor(choice === 'required'), t),
    defaultValues: {
      name: scene?.name ?? '',
      description: scene?.description ?? '',
      notes: scene?.notes ?? '',
      deviceIds: scene?.devices.map((d) => d.id) ?? [],
      tenantId: scene ? undefined : choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });
  const tenantId = useWatch({ control: form.control, name: 'tenantId' });
  const ownerId = scene?.tenantId ?? tenantId ?? user.tenantId ?? undefined;
  const options = useOp('scene.deviceOptions', { body: forTenant(ownerId) }, { enabled: ownerId !== undefined });

  const submit = useDialogSave(form, {
    save: ({ tenantId: chosen, ...body }) =>
      scene
        ? update.mutateAsync({ params: { id: scene.id }, body })
        : create.mutateAsync({ body: { ...body, ...forTenant(chosen) } }),
    saved: t(scene ? 'scene.updated' : 'scene.created'),
    failed: t('scene.saveFailed'),
    goneCode: scene ? CODE.sceneNotFound : undefined,
    limits: SCENE_LIMITS,
    onClose,
    onGone,
  });

  return (
    <FormDialog title={t(scene ? 'scene.editTitle' : 'scene.createTitle')} {...submit.dialog} testId="scene-form">
      <FormTenantField
        control={form.control}
        choice={choice}
        testId="scene-form-tenant"
        onChange={() => {
          form.setValue('deviceIds', []);
        }}
      />
      <FormInput
        control={form.control}
        name="name"
        label={t('scene.name')}
        input={{ placeholder: t('scene.namePlaceholder'), 'data-testid': 'scene-form-name' }}
      />
      <FormInput
        control={form.control}
        name="notes"
        label={t('scene.notes')}
        input={{ placeholder: t('scene.notesPlaceholder'), 'data-testid': 'scene-form-notes' }}
      />
      <FormInput
        control={form.control}
        name="description"
        label={t('scene.description')}
        required={false}
        input={{ 'data-testid': 'scene-form-description' }}
      />
      <Controller
        control={form.control}
        name="deviceIds"
        render={({ field, fieldState }) => (
          <CheckGroup
            label={t('scene.devices')}
            required
            hint={t('scene.pickDevicesHint')}
            error={fieldState.error?.message}
            className={styles.devices}
            testId="scene-form-devices"
          >
            <>
              {(options.data ?? []).map((d) => {
                const elsewhere = d.sceneId !== null && d.sceneId !== scene?.id;
                return (
                  <Checkbox
                    key={d.id}
                    disabled={elsewhere}
                    checked={field.value.includes(d.id)}
                    data-testid="scene-form-device"
                    label={
                      <>
                        {deviceLabel(d)}
                        {elsewhere && <Text size={200} className={styles.taken}>{`(${d.sceneName})`}</Text>}
                      </>
                    }
                    onChange={(_, c) =>
                      field.onChange(c.checked ? [...field.value, d.id] : field.value.filter((x) => x !== d.id))
                    }
                  />
                );
              })}
            </>
          </CheckGroup>
        )}
      />
    </FormDialog>
  );
}
