/** The device pool's dialogs: registering devices of a model, allocating a selection to a tenant, and a device's history. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POOL_LIMITS, registerForm, type DeviceItem } from '../../shared/device/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { formatDateTime } from '../app/format.js';
import { issueMessage } from '../app/form.js';
import { FormDialog, TenantField, useGuardedAction, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  serials: { minHeight: '160px', fontFamily: tokens.fontFamilyMonospace },
  history: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  when: { color: tokens.colorNeutralForeground3, marginRight: tokens.spacingHorizontalS },
});

const POOL_OPS = ['device.page', 'device.models', 'device.allocations'] as const;

/** Serial numbers as typed, one per line (blank lines ignored). */
const serialsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

export function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const models = useOp('device.models', {});
  const register = useOpMutation('device.register', { invalidates: POOL_OPS });
  const [modelId, setModelId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ modelId?: string; serials?: string }>({});
  const model = models.data?.find((m) => m.id === modelId);

  const submit = useGuardedAction(async () => {
    // The server's schema, read here for comfort: the same messages before a round trip.
    const parsed = registerForm.safeParse({ modelId, serials: serialsOf(text) });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'modelId' ? 'modelId' : 'serials';
        const { key, params } = issueMessage(issue);
        found[field] ??=
          field === 'modelId'
            ? t('validation.required')
            : t(key as 'validation.invalid', { ...params, max: POOL_LIMITS.serial });
      }
      setErrors(found);
      return;
    }
    try {
      const { created } = await register.mutateAsync({ body: parsed.data });
      notify(t('device.pool.registered', { count: created }));
      onClose();
    } catch (error) {
      report(error, {
        fallback: t('device.pool.registerFailed'),
        onFields: (fields) =>
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [
                k.startsWith('serials') ? 'serials' : 'modelId',
                t(v as 'validation.invalid'),
              ]),
            ),
          ),
      });
    }
  });

  return (
    <FormDialog
      title={t('device.pool.registerTitle')}
      busy={submit.busy}
      dirty={text.trim() !== '' || modelId !== undefined}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      testId="pool-register"
    >
      <Field
        label={t('device.pool.modelLabel')}
        required
        validationMessage={errors.modelId}
        hint={
          model ? t('device.pool.modelHint', { channels: model.channelCount, capacity: model.capacity }) : undefined
        }
      >
        <Dropdown
          placeholder={t('device.pool.modelPlaceholder')}
          value={model?.name ?? ''}
          selectedOptions={modelId === undefined ? [] : [String(modelId)]}
          onOptionSelect={(_, d) => {
            setModelId(Number(d.optionValue));
            setErrors((e) => ({ ...e, modelId: undefined }));
          }}
          data-testid="pool-register-model"
        >
          {(models.data ?? []).map((m) => (
            <Option
              key={m.id}
              value={String(m.id)}
              text={m.name}
            >{`${m.name} · ${t(`device.types.${m.type}`)}`}</Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('device.pool.serials')}
        required
        hint={t('device.pool.serialsHint')}
        validationMessage={errors.serials}
      >
        <Textarea
          className={styles.serials}
          value={text}
          onChange={(_, d) => {
            setText(d.value);
            setErrors((e) => ({ ...e, serials: undefined }));
          }}
          data-testid="pool-register-serials"
        />
      </Field>
    </FormDialog>
  );
}

export function AllocateDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: readonly number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, notify, report } = useScreen();
  const allocate = useOpMutation('device.allocate', { invalidates: POOL_OPS });
  const [tenantId, setTenantId] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const submit = useGuardedAction(async () => {
    if (tenantId === undefined) {
      setError(t('validation.required'));
      return;
    }
    try {
      const { changed } = await allocate.mutateAsync({ body: { ids: [...ids], tenantId } });
      notify(t('device.pool.allocated', { count: changed }));
      onDone();
      onClose();
    } catch (e) {
      report(e, { fallback: t('device.pool.allocateFailed') });
    }
  });
  return (
    <FormDialog
      title={t('device.pool.allocateTitle', { count: ids.length })}
      busy={submit.busy}
      dirty={tenantId !== undefined}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      testId="pool-allocate"
    >
      <TenantField
        label={t('device.pool.tenantLabel')}
        required
        error={error}
        value={tenantId}
        placeholder={t('device.pool.tenantPlaceholder')}
        onChange={(id) => {
          setTenantId(id);
          setError(undefined);
        }}
        testId="pool-allocate-tenant"
      />
    </FormDialog>
  );
}

export function HistoryDialog({ device, onClose }: { device: DeviceItem; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const history = useOp('device.allocations', { params: { id: device.id } }, { meta: { silent: true } });
  const platform = t('device.pool.platform');
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('device.pool.historyTitle', { name: device.name })}</DialogTitle>
          <DialogContent>
            {history.isPending ? (
              <Spinner size="small" />
            ) : history.isError ? (
              t('device.pool.historyFailed')
            ) : !history.data.length ? (
              t('device.pool.historyEmpty')
            ) : (
              <ol className={styles.history} data-testid="pool-history">
                {history.data.map((h, i) => (
                  <li key={i} data-testid="pool-history-entry">
                    <span className={styles.when}>{formatDateTime(h.at)}</span>
                    {t(`device.pool.actions.${h.action}`, { tenant: h.tenantName ?? platform })}
                    {` · ${t('device.pool.actor')} ${h.actorName ?? platform}`}
                  </li>
                ))}
              </ol>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="pool-history-close">
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
