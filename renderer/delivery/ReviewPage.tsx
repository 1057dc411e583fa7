/**
 * /orderManagement/deliveryReview (beyond the spec, code 6-1): orders whose
 * machine failed to dispense something, of tenants that refund failed vends
 * by hand — pending first. Approve refunds the failed items (what is left of
 * them) through the refund path; dismiss keeps a note. A tenant sets the rule
 * here ("Refund and vend settings"). Live: a failed vend ending or a refund
 * landing refreshes the list.
 */
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular, SettingsRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REVIEW_STATES, reviewDecision, type ReviewItem } from '../../shared/delivery/index.js';
import { formatDateTime } from '../app/format.js';
import { formatYuan } from '../../shared/format.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  ChoiceFilter,
  FormDialog,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  TenantFilter,
  useDialogSave,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { orderDetailPath } from '../order/index.js';
import { RefundSettingsDialog } from '../refund/index.js';

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  link: { minWidth: 'auto', paddingLeft: 0, paddingRight: 0, fontFamily: tokens.fontFamilyNumeric },
});

const COLOURS = { pending: 'warning', approved: 'success', dismissed: 'informative' } as const;

interface Filter {
  state?: ReviewItem['state'] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

// Approving refunds the failed items through the refund path: the order and its refunds change too.
const COMMANDS: RowCommands<'approve', ReviewItem> = {
  ns: 'delivery.review',
  invalidates: ['delivery.reviews', 'order.page', 'order.info', 'refund.list'],
  commands: {
    approve: rowCommand('delivery.decide', {
      input: (r) => ({ params: { id: r.id }, body: { approve: true } }),
      done: 'approved',
      ask: true,
      danger: false,
      question: 'confirmApprove',
    }),
  },
};

export default function ReviewPage() {
  const { t, navigate, user } = useScreen();
  const styles = useStyles();
  const reviews = useResource('delivery.reviews', { ns: 'delivery.review', testId: 'review', empty: EMPTY });
  const { column, source, action, labels, badge, text, tenantColumn } = reviews;
  const [dismissing, setDismissing] = useState<ReviewItem | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useOp('refund.settings', { body: {} }, { enabled: user.roleKind === 'tenant' });
  const { run, dialog } = useRowCommands(COMMANDS, {
    name: (r) => r.orderNumber,
    values: (r) => ({ number: r.orderNumber, amount: formatYuan(r.amount) }),
  });

  const columns = useMemo<Column<ReviewItem>[]>(
    () => [
      column('order', {
        minWidth: 180,
        width: 190,
        hideable: false,
        testId: true,
        render: (r) => (
          <Button
            className={styles.link}
            appearance="transparent"
            onClick={() => void navigate(orderDetailPath(r.orderId))}
          >
            {r.orderNumber}
          </Button>
        ),
      }),
      column('device', { fold: 3, minWidth: 110, width: 160, render: (r) => <OverflowText text={r.deviceName} /> }),
      column('failed', {
        minWidth: 160,
        width: 240,
        grow: 2,
        testId: true,
        render: (r) => (
          <OverflowText
            text={r.failed
              .map((f) =>
                t('delivery.review.failedItem', {
                  name: f.name,
                  count: f.count,
                  failure: t(`order.failure.${f.failure}`),
                }),
              )
              .join(t('common.listSeparator'))}
          />
        ),
      }),
      column('amount', { kind: 'money', value: (r) => r.amount }),
      column('received', { fold: 1, kind: 'money', value: (r) => r.receivedAmount }),
      column('state', {
        minWidth: 88,
        width: 100,
        testId: true,
        render: badge('states', COLOURS, (r) => r.state),
      }),
      ...tenantColumn(),
      column('createdAt', { header: t('order.list.createdAt'), kind: 'time', value: (r) => r.createdAt }),
      column('decided', {
        minWidth: 120,
        width: 170,
        render: (r) =>
          r.decidedAt ? (
            <OverflowText text={`${r.decidedBy || t('refund.platform')} · ${formatDateTime(r.decidedAt)}`} />
          ) : null,
      }),
      column('note', { fold: 2, minWidth: 100, width: 180, render: (r) => <OverflowText text={r.note ?? ''} /> }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (r) =>
          r.state !== 'pending' ? null : (
            <RowActions>
              <RowAction
                {...action('approve', text('refund'))}
                icon={<CheckmarkRegular />}
                opensDialog
                action={() => run('approve', r)}
              />
              <RowAction {...action('dismiss')} icon={<DismissRegular />} opensDialog action={() => setDismissing(r)} />
            </RowActions>
          ),
      }),
    ],
    [t, styles, navigate, column, action, labels, badge, text, tenantColumn, run],
  );

  return (
    <ResourceList
      resource={reviews}
      title={t('delivery.route.review')}
      columns={columns}
      rowKey={(r) => r.id}
      actions={
        user.roleKind === 'tenant' && (
          <Button
            icon={<SettingsRegular />}
            disabled={!settings.data}
            onClick={() => setSettingsOpen(true)}
            data-testid="review-settings"
          >
            {text('settings')}
          </Button>
        )
      }
      intro={<Body1 className={styles.intro}>{text('intro')}</Body1>}
      filters={
        <>
          <ChoiceFilter {...source('state')} options={REVIEW_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {dialog}
      {dismissing && <DismissDialog review={dismissing} onClose={() => setDismissing(null)} />}
      {settingsOpen && settings.data && (
        <RefundSettingsDialog current={settings.data} onClose={() => setSettingsOpen(false)} />
      )}
    </ResourceList>
  );
}

const noteSchema = z.object({
  note: reviewDecision.def.shape.note.unwrap().min(1, { message: 'delivery.validation.noteRequired' }),
});

function DismissDialog({ review, onClose }: { review: ReviewItem; onClose: () => void }) {
  const { t } = useScreen();
  const decide = useOpMutation('delivery.decide', { invalidates: ['delivery.reviews'] });
  const form = useForm<{ note: string }>({ resolver: zodI18nResolver(noteSchema, t), defaultValues: { note: '' } });
  useRelocalise(form);
  const submit = useDialogSave(form, {
    save: (v) => decide.mutateAsync({ params: { id: review.id }, body: { approve: false, note: v.note.trim() } }),
    saved: t('delivery.review.dismissed'),
    failed: t('refund.failed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('delivery.review.dismissTitle')}
      {...submit.dialog}
      submitLabel={t('delivery.review.dismiss')}
      testId="review-dismiss-dialog"
    >
      <Body1>{review.orderNumber}</Body1>
      <FormInput
        control={form.control}
        name="note"
        label={t('delivery.review.note')}
        input={{ placeholder: t('delivery.review.notePlaceholder'), maxLength: 200, 'data-testid': 'review-note' }}
      />
    </FormDialog>
  );
}
