/**
 * Sends the tenant's markdown ladders to machines (`fresh.pushMarkdowns`):
 * the target — chosen devices, a point's or a scene's — as every push to the
 * fleet names it (the device domain's `PushTargetFields`), then the send's
 * progress page. The admin chose the tenant on the markdowns' page already.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { MarkdownPushDetail } from '../../shared/fresh/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import {
  emptyTarget,
  namesItsFormTarget,
  ownerOf,
  PushTargetFields,
  targetField,
  targetFormShape,
  targetOf,
  type TargetValues,
} from '../device/index.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const schema = namesItsFormTarget(z.object(targetFormShape));
type Values = TargetValues & { tenantId?: number | undefined };

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: 'calc(100vw - 32px)' },
  intro: { color: tokens.colorNeutralForeground2 },
});

export function MarkdownPushDialog({
  tenantId,
  onClose,
  onSent,
}: {
  tenantId: number | undefined;
  onClose: () => void;
  onSent: (push: MarkdownPushDetail) => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const send = useOpMutation('fresh.pushMarkdowns', { invalidates: ['device.pushes'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { ...emptyTarget(), tenantId },
  });
  const where = targetField(form.watch('target'));
  const submit = useDialogSave(form, {
    save: async (v) => {
      const sent = await send.mutateAsync({ body: { ...ownerOf(v), ...targetOf(v) } });
      onSent(sent);
      return sent;
    },
    saved: (sent) => t('fresh.push.sent', { count: sent.devices.length }),
    failed: t('fresh.push.submit'),
    fieldCodes: { [CODE.pushRefUnknown]: where },
    onClose,
  });
  return (
    <FormDialog
      title={t('fresh.push.title')}
      testId="fresh-push-dialog"
      surfaceClassName={styles.surface}
      submitLabel={t('fresh.push.submit')}
      {...submit.dialog}
    >
      <Text className={styles.intro}>{t('fresh.push.intro')}</Text>
      <PushTargetFields
        control={form.control}
        choice="none"
        // The tenant is the markdowns page's: it does not change here.
        onTenantChange={() => undefined}
        testId="fresh-push"
      />
    </FormDialog>
  );
}
