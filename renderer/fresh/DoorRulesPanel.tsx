/**
 * A tenant's door rules (`fresh.doorSettings`): the most an opening may come
 * to and the declines in a row that block a card, the defaults said as
 * such; edited in a dialog, checked here as the upstream checks them. The
 * admin and a first-level tenant choose the tenant, as for the other rules.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { z } from 'zod';
import { formatYuan, parseYuan } from '../../shared/format.js';
import { DOOR_LIMITS, type DoorSettings } from '../../shared/fresh/index.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { forTenant, FormDialog, OwnerTenantField, useDialogSave, useOwnerTenant, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  tenant: { minWidth: '220px' },
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '80ch' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function DoorRulesPanel() {
  const { t } = useScreen();
  const styles = useStyles();
  const owner = useOwnerTenant();
  const { tenantId, ready } = owner;
  const rules = useOp('fresh.doorSettings', { body: forTenant(tenantId) }, { enabled: ready });
  const [editing, setEditing] = useState(false);
  return (
    <section className={styles.page} aria-label={t('fresh.doors.views.settings')}>
      <Text className={styles.intro}>{t('fresh.doors.settingsIntro')}</Text>
      <div className={styles.head}>
        <OwnerTenantField
          owner={owner}
          choose={t('fresh.doors.chooseTenant')}
          own={t('fresh.markdowns.ownTenant')}
          testId="fresh-door-rules-tenant"
          className={styles.tenant}
        />
        <Button
          appearance="primary"
          disabled={!rules.data}
          onClick={() => setEditing(true)}
          data-testid="fresh-door-rules-edit"
        >
          {t('common.edit')}
        </Button>
      </div>
      {!ready ? (
        <MessageBar>
          <MessageBarBody>{t('fresh.doors.chooseTenant')}</MessageBarBody>
        </MessageBar>
      ) : rules.data ? (
        <div>
          <Text weight="semibold" data-testid="fresh-door-rules">
            {t('fresh.doors.rulesNow', { cap: formatYuan(rules.data.cap), declines: rules.data.declines })}
          </Text>
          {!rules.data.own && <Text className={styles.muted}>{` · ${t('fresh.doors.defaults')}`}</Text>}
        </div>
      ) : null}
      {editing && rules.data && <DoorRulesDialog rules={rules.data} onClose={() => setEditing(false)} />}
    </section>
  );
}

const cap = z.string().refine(
  (v) => {
    const fen = parseYuan(v);
    return fen !== null && fen >= DOOR_LIMITS.capMin && fen <= DOOR_LIMITS.capMax;
  },
  { message: 'fresh.validation.doorCap' },
);
const typed = z.object({
  cap,
  declines: wholeText(
    z.number().int().min(DOOR_LIMITS.declinesMin).max(DOOR_LIMITS.declinesMax),
    'fresh.validation.declines',
  ),
});
type Values = z.input<typeof typed>;

function DoorRulesDialog({ rules, onClose }: { rules: DoorSettings; onClose: () => void }) {
  const { t } = useScreen();
  const save = useOpMutation('fresh.saveDoorSettings', { invalidates: ['fresh.doorSettings'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { cap: (rules.cap / 100).toFixed(2), declines: String(rules.declines) },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({ body: { tenantId: rules.tenantId, cap: parseYuan(v.cap)!, declines: Number(v.declines) } }),
    saved: t('fresh.doors.saved'),
    failed: t('fresh.doors.saveFailed'),
    onClose,
  });
  return (
    <FormDialog title={t('fresh.doors.editTitle')} {...submit.dialog} testId="fresh-door-rules-form">
      <FormInput
        control={form.control}
        name="cap"
        label={t('fresh.doors.capLabel')}
        hint={t('fresh.doors.capHint')}
        input={{ inputMode: 'decimal', 'data-testid': 'fresh-door-cap' }}
      />
      <FormInput
        control={form.control}
        name="declines"
        label={t('fresh.doors.declinesLabel')}
        hint={t('fresh.doors.declinesHint')}
        input={{ inputMode: 'numeric', maxLength: 2, 'data-testid': 'fresh-door-declines' }}
      />
    </FormDialog>
  );
}
