/**
 * A tenant's device callbacks (docs/domains/callback.md; /person for the tenant's
 * own, the distributor page's Callbacks tab for the admin and the parent):
 * the event URL and the events it hears, the info request URL and its public
 * key, the signing secret — shown once when made or rotated, masked after —,
 * a test event, and the delivery log. Checked by the shared schema on submit
 * for comfort; the upstream checks where the addresses resolve.
 */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowRepeatAllRegular, CopyRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { CALLBACK_EVENTS, callbackInput, type CallbackEvent, type CallbackView } from '../../shared/callback/index.js';
import { fieldMessages } from '../app/form.js';
import { formatDateTime } from '../app/format.js';
import { useOp, useOpMutation } from '../bridge.js';
import { ActionButton, CheckGroup, ConfirmDialog, forTenant, useScreen } from '../kit/index.js';
import { DeliveryLog } from './DeliveryLog.js';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  events: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  secret: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const EXAMPLE = 'https://erp.example.com/vend/events';
const STANDARD = 'Standard Webhooks';
const KEY_FORMAT = 'RSA PEM';

export function CallbackPanel({ tenantId }: { tenantId?: number | undefined }) {
  const { t } = useScreen();
  const settings = useOp('callback.settings', { body: forTenant(tenantId) }, { staleTime: 0 });
  // Outside the form, which starts again from each save's answer: the secret outlives that.
  const [shown, setShown] = useState<string | null>(null);
  if (settings.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  if (!settings.data) return <Spinner />;
  return (
    <>
      <Loaded key={settings.data.updatedAt ?? 'new'} view={settings.data} tenantId={tenantId} onSecret={setShown} />
      {shown && <SecretDialog secret={shown} onClose={() => setShown(null)} />}
    </>
  );
}

interface Values {
  eventUrl: string;
  infoUrl: string;
  publicKey: string;
  events: CallbackEvent[];
}

function Loaded({
  view,
  tenantId,
  onSecret,
}: {
  view: CallbackView;
  tenantId: number | undefined;
  onSecret: (secret: string) => void;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const owner = forTenant(tenantId);
  const save = useOpMutation('callback.save', { invalidates: ['callback.settings'] });
  const rotate = useOpMutation('callback.rotateSecret', { invalidates: ['callback.settings'] });
  const test = useOpMutation('callback.test', { invalidates: ['callback.deliveries'] });
  const [values, setValues] = useState<Values>({
    eventUrl: view.eventUrl ?? '',
    infoUrl: view.infoUrl ?? '',
    publicKey: view.publicKey ?? '',
    events: view.events,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const toFields = (fields: Record<string, string>) => setErrors(fieldMessages(fields, t));

  const submit = async () => {
    const body = {
      ...owner,
      eventUrl: values.eventUrl.trim() || null,
      infoUrl: values.infoUrl.trim() || null,
      publicKey: values.publicKey.trim() || null,
      events: values.events,
    };
    const checked = callbackInput.safeParse(body);
    if (!checked.success) {
      toFields(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ body: checked.data });
      notify(t('callback.saved'));
      if (saved.secret) onSecret(saved.secret);
    } catch (error) {
      report(error, { onFields: toFields });
    }
  };
  const doRotate = async () => {
    setConfirming(false);
    try {
      onSecret((await rotate.mutateAsync({ body: owner })).secret);
    } catch (error) {
      report(error);
    }
  };
  const sendTest = async () => {
    try {
      await test.mutateAsync({ body: owner });
      notify(t('callback.testSent'));
    } catch (error) {
      report(error);
    }
  };
  const toggle = (event: CallbackEvent, on: boolean) =>
    set({ events: on ? [...values.events, event] : values.events.filter((e) => e !== event) });

  return (
    <div className={styles.panel}>
      <Text size={200}>{t('callback.intro', { standard: STANDARD })}</Text>
      <div className={styles.grid}>
        <Field
          label={t('callback.eventUrl')}
          hint={t('callback.eventUrlHint', { example: EXAMPLE })}
          validationMessage={errors.eventUrl}
        >
          <Input
            type="url"
            value={values.eventUrl}
            placeholder={EXAMPLE}
            onChange={(_, d) => set({ eventUrl: d.value })}
            data-testid="callback-event-url"
          />
        </Field>
        <Field label={t('callback.infoUrl')} hint={t('callback.infoUrlHint')} validationMessage={errors.infoUrl}>
          <Input
            type="url"
            value={values.infoUrl}
            onChange={(_, d) => set({ infoUrl: d.value })}
            data-testid="callback-info-url"
          />
        </Field>
      </div>
      <CheckGroup label={t('callback.events')} testId="callback-events">
        <div className={styles.events}>
          {CALLBACK_EVENTS.map((e) => (
            <Checkbox
              key={e}
              label={t(`callback.event.${e}`)}
              checked={values.events.includes(e)}
              onChange={(_, d) => toggle(e, d.checked === true)}
              data-testid={`callback-event-${e}`}
            />
          ))}
        </div>
      </CheckGroup>
      <Field
        label={t('callback.publicKey', { format: KEY_FORMAT })}
        hint={t('callback.publicKeyHint')}
        validationMessage={errors.publicKey}
      >
        <Textarea
          resize="vertical"
          value={values.publicKey}
          onChange={(_, d) => set({ publicKey: d.value })}
          placeholder="-----BEGIN PUBLIC KEY-----"
          data-testid="callback-public-key"
        />
      </Field>
      <Field label={t('callback.secret')}>
        <div className={styles.row}>
          {view.secret.set ? (
            <Text data-testid="callback-secret-masked">
              {t('callback.secretSet', {
                last4: view.secret.last4 ?? '',
                time: view.secret.setAt ? formatDateTime(view.secret.setAt) : '',
              })}
            </Text>
          ) : (
            <Text className={styles.muted}>{t('callback.secretNotSet')}</Text>
          )}
          {view.secret.set && (
            <Button
              size="small"
              icon={<ArrowRepeatAllRegular />}
              onClick={() => setConfirming(true)}
              data-testid="callback-rotate"
            >
              {t('callback.rotate')}
            </Button>
          )}
          {view.secret.previousUntil && (
            <Text size={200} className={styles.muted}>
              {t('callback.previousUntil', { time: formatDateTime(view.secret.previousUntil) })}
            </Text>
          )}
        </div>
      </Field>
      <div className={styles.row}>
        <ActionButton appearance="primary" action={submit} data-testid="callback-save">
          {t('callback.save')}
        </ActionButton>
        {view.eventUrl && (
          <ActionButton icon={<SendRegular />} action={sendTest} data-testid="callback-test">
            {t('callback.test')}
          </ActionButton>
        )}
      </div>
      <DeliveryLog tenantId={tenantId} />
      <ConfirmDialog
        open={confirming}
        title={t('callback.rotate')}
        text={t('callback.rotateConfirm')}
        confirmLabel={t('callback.rotate')}
        onConfirm={doRotate}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** The new secret, this once: copied by a button, gone when closed. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t, notify } = useScreen();
  const styles = useStyles();
  const copy = async () => {
    await navigator.clipboard.writeText(secret).then(
      () => notify(t('callback.copied')),
      () => {},
    );
  };
  return (
    <Dialog open modalType="alert">
      <DialogSurface data-testid="callback-secret-dialog">
        <DialogBody>
          <DialogTitle>{t('callback.secret')}</DialogTitle>
          <DialogContent className={styles.panel}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('callback.shownOnce')}</MessageBarBody>
            </MessageBar>
            <Text className={styles.secret} data-testid="callback-secret">
              {secret}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t('callback.copy')}
            </Button>
            <Button appearance="primary" onClick={onClose} data-testid="callback-secret-close">
              {t('callback.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
