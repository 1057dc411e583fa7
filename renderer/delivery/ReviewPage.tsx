/**
 * /orderManagement/deliveryReview (beyond the spec, code 6-1): orders whose
 * machine failed to dispense something, of tenants that refund failed vends
 * by hand — pending first. Approve refunds the failed items (what is left of
 * them) through the refund path; dismiss keeps a note. A tenant sets the rule
 * here ("Refund and vend settings"). Live: a failed vend ending or a refund
 * landing refreshes the list.
 */
import { Badge, Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
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
  ConfirmDialog,
  DataTable,
  FilterBar,
  FormDialog,
  OverflowText,
  Pager,
  seesTenants,
  TenantFilter,
  useDialogSave,
  useListPage,
  useScreen,
  tenantColumn,
  type Column,
  RowAction,
  RowActions,
  ListPage,
  ChoiceFilter,
} from '../kit/index.js';
import { orderDetailPath } from '../order/index.js';
import { RefundSettingsDialog } from '../refund/index.js';

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  link: { minWidth: 'auto', paddingLeft: 0, paddingRight: 0, fontFamily: tokens.fontFamilyNumeric },
});

const COLOURS = { pending: 'warning', approved: 'success', dismissed: 'informative' } as const;

interface Filter {
  state?: ReviewItem['state'] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

export default function ReviewPage() {
  const { t, notify, report, navigate, user } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(user);
  const { field, apply, reset, table, pager, refresh } = useListPage('delivery.reviews', { empty: EMPTY });
  const [approving, setApproving] = useState<ReviewItem | null>(null);
  const [dismissing, setDismissing] = useState<ReviewItem | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useOp('refund.settings', { body: {} }, { enabled: user.roleKind === 'tenant' });
  const decide = useOpMutation('delivery.decide', {
    invalidates: ['delivery.reviews', 'order.page', 'order.info', 'refund.list'],
  });

  const approve = async () => {
    const review = approving!;
    setApproving(null);
    try {
      await decide.mutateAsync({ params: { id: review.id }, body: { approve: true } });
      notify(t('delivery.review.approved'));
    } catch (error) {
      report(error);
      await refresh();
    }
  };

  const columns = useMemo<Column<ReviewItem>[]>(
    () => [
      {
        id: 'order',
        header: t('delivery.review.order'),
        minWidth: 180,
        width: 190,
        hideable: false,
        cellTestId: 'review-order',
        render: (r) => (
          <Button
            className={styles.link}
            appearance="transparent"
            onClick={() => void navigate(orderDetailPath(r.orderId))}
          >
            {r.orderNumber}
          </Button>
        ),
      },
      {
        id: 'device',
        fold: 3,
        header: t('delivery.review.device'),
        minWidth: 110,
        width: 160,
        render: (r) => <OverflowText text={r.deviceName} />,
      },
      {
        id: 'failed',
        header: t('delivery.review.failed'),
        minWidth: 160,
        width: 240,
        grow: 2,
        cellTestId: 'review-failed',
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
      },
      { id: 'amount', header: t('delivery.review.amount'), kind: 'money', value: (r) => r.amount },
      { id: 'received', fold: 1, header: t('delivery.review.received'), kind: 'money', value: (r) => r.receivedAmount },
      {
        id: 'state',
        header: t('delivery.review.state'),
        minWidth: 88,
        width: 100,
        cellTestId: 'review-state',
        render: (r) => (
          <Badge appearance="tint" color={COLOURS[r.state]}>
            {t(`delivery.review.states.${r.state}`)}
          </Badge>
        ),
      },
      ...tenantColumn<ReviewItem>(byTenant, t('common.tenant')),
      { id: 'createdAt', header: t('order.list.createdAt'), kind: 'time', value: (r) => r.createdAt },
      {
        id: 'decided',
        header: t('delivery.review.decided'),
        minWidth: 120,
        width: 170,
        render: (r) =>
          r.decidedAt ? (
            <OverflowText text={`${r.decidedBy || t('refund.platform')} · ${formatDateTime(r.decidedAt)}`} />
          ) : null,
      },
      {
        id: 'note',
        fold: 2,
        header: t('delivery.review.note'),
        minWidth: 100,
        width: 180,
        render: (r) => <OverflowText text={r.note ?? ''} />,
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (r) =>
          r.state !== 'pending' ? null : (
            <RowActions>
              <RowAction icon={<CheckmarkRegular />} opensDialog action={() => setApproving(r)} testId="review-approve">
                {t('delivery.review.refund')}
              </RowAction>
              <RowAction icon={<DismissRegular />} opensDialog action={() => setDismissing(r)} testId="review-dismiss">
                {t('delivery.review.dismiss')}
              </RowAction>
            </RowActions>
          ),
      },
    ],
    [t, styles, byTenant, navigate],
  );

  return (
    <ListPage
      id="review-title"
      title={t('delivery.route.review')}
      actions={
        user.roleKind === 'tenant' && (
          <Button
            icon={<SettingsRegular />}
            disabled={!settings.data}
            onClick={() => setSettingsOpen(true)}
            data-testid="review-settings"
          >
            {t('delivery.review.settings')}
          </Button>
        )
      }
    >
      <Body1 className={styles.intro}>{t('delivery.review.intro')}</Body1>
      <div className={styles.filters}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="review-search" resetTestId="review-reset">
          <ChoiceFilter
            label={t('delivery.review.state')}
            {...field('state')}
            options={REVIEW_STATES}
            optionLabel={(s) => t(`delivery.review.states.${s}`)}
            testId="review-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="review-filter-tenant" />
        </FilterBar>
      </div>
      <DataTable
        label={t('delivery.route.review')}
        columns={columns}
        {...table}
        rowKey={(r) => r.id}
        rowTestId="review-row"
        testId="review-table"
      />
      <Pager {...pager} testId="review-pager" />
      <ConfirmDialog
        open={approving !== null}
        title={t('delivery.review.approve')}
        text={
          approving
            ? t('delivery.review.confirmApprove', {
                number: approving.orderNumber,
                amount: formatYuan(approving.amount),
              })
            : ''
        }
        confirmLabel={t('delivery.review.approve')}
        onConfirm={approve}
        onCancel={() => setApproving(null)}
      />
      {dismissing && <DismissDialog review={dismissing} onClose={() => setDismissing(null)} />}
      {settingsOpen && settings.data && (
        <RefundSettingsDialog current={settings.data} onClose={() => setSettingsOpen(false)} />
      )}
    </ListPage>
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
