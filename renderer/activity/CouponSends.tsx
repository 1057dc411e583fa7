/**
 * A coupon activity's sends to customer groups, on its page: the button that sends its coupon to a group's
 * members (while it is active) and every send so far, newest first — to whom, how many went out, how many
 * members had one already, how many the quantity left out.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { ACTIVITY_LIMITS, type CouponSend } from '../../shared/activity/index.js';
import { CODE } from '../../shared/domains.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  DataTable,
  FormChoice,
  FormDialog,
  ListHead,
  listView,
  useDialogSave,
  useScreen,
  type Column,
} from '../kit/index.js';

const useStyles = makeStyles({ box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

const typed = z.object({
  groupId: z.string().min(1, { message: 'validation.required' }),
  validDays: wholeText(z.number().min(1).max(ACTIVITY_LIMITS.couponDays), 'activity.validation.sendDays', {
    blank: true,
  }),
});
type Values = z.input<typeof typed>;

function SendDialog({
  activityId,
  validDays,
  groups,
  onClose,
}: {
  activityId: number;
  validDays: number;
  groups: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useScreen();
  const send = useOpMutation('activity.sendCoupons', { invalidates: ['activity.sends', 'activity.results'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { groupId: '', validDays: '' },
  });
  const submit = useDialogSave(form, {
    // What went out and what did not is the new first row of the sends below.
    save: (v) =>
      send.mutateAsync({
        params: { id: activityId },
        body: { groupId: Number(v.groupId), ...(v.validDays.trim() ? { validDays: Number(v.validDays) } : {}) },
      }),
    saved: t('activity.sends.saved'),
    failed: t('activity.sends.failed'),
    onClose,
    fieldCodes: { [CODE.groupNotFound]: 'groupId' },
  });
  return (
    <FormDialog
      title={t('activity.sends.title')}
      {...submit.dialog}
      testId="activity-send"
      submitLabel={t('activity.sends.submit')}
    >
      <FormChoice
        control={form.control}
        name="groupId"
        label={t('activity.sends.group')}
        options={groups.map((g) => ({ value: String(g.id), text: g.name }))}
        testId="activity-send-group"
      />
      <FormInput
        control={form.control}
        name="validDays"
        label={t('activity.sends.validDays')}
        required={false}
        hint={t('activity.sends.validDaysHint', { days: validDays })}
        input={{ inputMode: 'numeric', maxLength: 3, 'data-testid': 'activity-send-days' }}
      />
    </FormDialog>
  );
}

export function CouponSends({
  activityId,
  active,
  validDays,
  groups,
}: {
  activityId: number;
  active: boolean;
  validDays: number;
  groups: readonly { id: number; name: string }[];
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const [sending, setSending] = useState(false);
  const sends = useOp('activity.sends', { params: { id: activityId } });
  const columns = useMemo<Column<CouponSend>[]>(
    () => [
      { id: 'createdAt', header: t('activity.sends.at'), kind: 'time', value: (s) => s.createdAt },
      { id: 'group', header: t('activity.sends.group'), minWidth: 120, grow: 1, value: (s) => s.groupName },
      {
        id: 'sent',
        header: t('activity.sends.sent'),
        kind: 'number',
        cellTestId: 'activity-send-sent',
        value: (s) => s.sent,
      },
      { id: 'already', header: t('activity.sends.already'), kind: 'number', value: (s) => s.already },
      { id: 'leftOut', header: t('activity.sends.leftOut'), kind: 'number', value: (s) => s.leftOut },
      { id: 'validDays', header: t('activity.sends.validDays'), kind: 'number', value: (s) => s.validDays },
      { id: 'by', header: t('activity.sends.by'), minWidth: 90, value: (s) => s.createdBy ?? '' },
    ],
    [t],
  );
  return (
    <section className={styles.box} aria-labelledby="activity-sends-title">
      <ListHead id="activity-sends-title" title={t('activity.sends.heading')} as="h2">
        <Button
          icon={<SendRegular />}
          disabled={!active}
          onClick={() => setSending(true)}
          data-testid="activity-send-open"
        >
          {t('activity.sends.open')}
        </Button>
      </ListHead>
      <DataTable
        label={t('activity.sends.heading')}
        columns={columns}
        rows={sends.data ?? []}
        view={listView(sends)}
        onRetry={() => void sends.refetch()}
        rowKey={(s) => s.id}
        rowTestId="activity-send-row"
        testId="activity-sends"
        size="small"
      />
      {sending && (
        <SendDialog activityId={activityId} validDays={validDays} groups={groups} onClose={() => setSending(false)} />
      )}
    </section>
  );
}
