/**
 * /orderManagement/complaintDetail?id= (beyond the spec's routes, like an
 * order's: a complaint opens in a window of its own): its facts, its
 * progress log as a timeline (who, in which role, how long ago), and the
 * merchant's steps — reply, refund the order, complete. A refused reply says
 * "submission failed" and keeps what was typed; a completed complaint takes
 * no step. Live events and other windows' steps refresh it.
 */
import { Badge, Button, Card, Field, Link, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, CheckmarkCircleRegular, SendRegular, WindowNewRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE } from '../../shared/domains.js';
import { COMPLAINT_LIMITS, type ComplaintDetail } from '../../shared/complaint/index.js';
import { formatYuan, maskContact } from '../../shared/format.js';
import type { OrderDetail } from '../../shared/order/index.js';
import { callOp, useOpMutation } from '../bridge.js';
import { formatDateTime, formatRelative } from '../app/format.js';
import { useDetail } from '../app/detail.js';
import { useOpenWindow } from '../app/windows.js';
import { CopyLinkButton, DetailPage, FormDialog, InfoList, useGuardedAction, useScreen } from '../kit/index.js';
import { orderDetailPath } from '../order/index.js';
import { RefundDialog } from '../refund/index.js';
import { COMPLAINT_LIST_PATH, complaintDetailPath, STATE_COLOURS } from './paths.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  timeline: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  entry: {
    position: 'relative',
    paddingLeft: '28px',
    paddingBottom: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    // The line joining the dots, down to the next entry.
    '::before': {
      content: '""',
      position: 'absolute',
      left: '7px',
      top: '14px',
      bottom: 0,
      width: '2px',
      backgroundColor: tokens.colorNeutralStroke2,
    },
    ':last-child::before': { display: 'none' },
  },
  dot: {
    position: 'absolute',
    left: 0,
    top: '4px',
    width: '16px',
    height: '16px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
  },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  when: { color: tokens.colorNeutralForeground3 },
  content: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  steps: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'flex-end' },
});

export default function ComplaintDetailPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const openWindow = useOpenWindow();
  const {
    gate,
    data: c,
    back,
  } = useDetail('complaint.info', {
    backTo: COMPLAINT_LIST_PATH,
    backLabel: t('complaint.back'),
    testId: 'complaint-detail',
    notFoundCode: CODE.complaintNotFound,
    invalidId: t('complaint.notFound'),
  });
  if (gate) return gate;
  return (
    <DetailPage
      id="complaint-detail"
      title={`${t('complaint.detailTitle')} ${c.number}`}
      back={back}
      actions={
        <>
          <Button
            icon={<WindowNewRegular />}
            onClick={() => openWindow(complaintDetailPath(c.id))}
            data-testid="complaint-detail-window"
          >
            {t('order.list.newWindow')}
          </Button>
          <CopyLinkButton path={complaintDetailPath(c.id)} testId="complaint-detail-link" />
        </>
      }
    >
      <Card className={styles.card}>
        <div>
          <Badge appearance="filled" color={STATE_COLOURS[c.status]} data-testid="complaint-detail-status">
            {t(`complaint.states.${c.status}`)}
          </Badge>
        </div>
        <InfoList
          items={[
            { label: t('complaint.number'), value: c.number },
            {
              label: t('complaint.orderNumber'),
              value: (
                <Link onClick={() => void navigate(orderDetailPath(c.orderId))} data-testid="complaint-order">
                  {c.orderNumber}
                </Link>
              ),
            },
            { label: t('complaint.amount'), value: formatYuan(c.amount) },
            { label: t('complaint.type'), value: t(`complaint.types.${c.type}`) },
            { label: t('complaint.contact'), value: <Contact value={c.contact} /> },
            { label: t('complaint.device'), value: c.deviceName },
            { label: t('common.tenant'), value: c.tenantName },
            { label: t('complaint.createdAt'), value: formatDateTime(c.createdAt) },
            { label: t('complaint.description'), value: c.description },
          ]}
        />
      </Card>
      <Card className={styles.card}>
        <Text as="h2" weight="semibold" size={400}>
          {t('complaint.progress')}
        </Text>
        <ol className={styles.timeline} data-testid="complaint-progress">
          {c.progress.map((p) => (
            <li key={p.id} className={styles.entry} data-testid="complaint-entry">
              <span className={styles.dot} aria-hidden />
              <span className={styles.who}>
                <Badge appearance="tint" color={p.role === 'users' ? 'warning' : 'brand'}>
                  {t(`complaint.roles.${p.role}`)}
                </Badge>
                <Text weight="semibold">{t(`complaint.actions.${p.action}`)}</Text>
                {p.actor && <Text>{p.actor}</Text>}
                <Text size={200} className={styles.when} title={formatDateTime(p.at)}>
                  {formatRelative(t, p.at)}
                </Text>
              </span>
              <Text className={styles.content}>{p.content}</Text>
            </li>
          ))}
        </ol>
      </Card>
      {c.status !== 'completed' && <MerchantActions complaint={c} />}
    </DetailPage>
  );
}

/** Reply, refund, complete: the merchant's steps on an open complaint. */
function MerchantActions({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t, notify, report, client } = useScreen();
  const styles = useStyles();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string>();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [closing, setClosing] = useState(false);
  const send = useOpMutation('complaint.reply', { invalidates: ['complaint.info', 'complaint.page'] });
  const refund = useOpMutation('complaint.refund', {
    invalidates: ['complaint.info', 'complaint.page', 'order.info', 'order.page', 'order.count', 'refund.list'],
  });

  const answer = useGuardedAction(async () => {
    if (!reply.trim()) {
      setReplyError(t('validation.required'));
      return;
    }
    setReplyError(undefined);
    try {
      await send.mutateAsync({ params: { id: c.id }, body: { content: reply.trim() } });
      setReply('');
      notify(t('complaint.replied'));
    } catch (error) {
      report(error, {
        fallback: t('complaint.submitFailed'),
        onFields: (f) =>
          setReplyError(f.content ? t(f.content as 'validation.required', { max: COMPLAINT_LIMITS.reply }) : undefined),
      });
    }
  });
  const startRefund = useGuardedAction(async () => {
    try {
      setOrder(
        await client.fetchQuery({
          queryKey: ['order.info', { params: { id: c.orderId } }],
          queryFn: () => callOp('order.info', { params: { id: c.orderId } }),
          staleTime: 0,
        }),
      );
    } catch (error) {
      report(error, { fallback: t('common.loadFailed') });
    }
  });

  return (
    <Card className={styles.card}>
      <Field
        label={t('complaint.reply')}
        validationMessage={replyError}
        validationState={replyError ? 'error' : 'none'}
      >
        <Textarea
          value={reply}
          maxLength={COMPLAINT_LIMITS.reply}
          placeholder={t('complaint.replyPlaceholder')}
          onChange={(_, d) => setReply(d.value)}
          data-testid="complaint-reply"
        />
      </Field>
      <div className={styles.steps}>
        <Button
          icon={<ArrowUndoRegular />}
          onClick={() => void startRefund.run()}
          disabledFocusable={startRefund.busy}
          data-testid="complaint-refund"
        >
          {t('complaint.refund')}
        </Button>
        <Button icon={<CheckmarkCircleRegular />} onClick={() => setClosing(true)} data-testid="complaint-close">
          {t('complaint.close')}
        </Button>
        <Button
          appearance="primary"
          icon={<SendRegular />}
          onClick={() => void answer.run()}
          disabledFocusable={answer.busy}
          data-testid="complaint-send"
        >
          {t('complaint.send')}
        </Button>
      </div>
      {order && (
        <Suspense fallback={null}>
          <RefundDialog
            order={order}
            reason={c.description.slice(0, 100)}
            onClose={() => setOrder(null)}
            submit={(input) => refund.mutateAsync({ params: { id: c.id }, body: input })}
          />
        </Suspense>
      )}
      {closing && <CloseDialog complaint={c} onClose={() => setClosing(false)} />}
    </Card>
  );
}

function CloseDialog({ complaint: c, onClose }: { complaint: ComplaintDetail; onClose: () => void }) {
  const { t, notify, report } = useScreen();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const close = useOpMutation('complaint.close', { invalidates: ['complaint.info', 'complaint.page'] });
  const submit = useGuardedAction(async () => {
    if (!note.trim()) {
      setError(t('validation.required'));
      return;
    }
    try {
      await close.mutateAsync({ params: { id: c.id }, body: { content: note.trim() } });
      notify(t('complaint.closed'));
      onClose();
    } catch (err) {
      report(err, {
        fallback: t('complaint.submitFailed'),
        onFields: (f) =>
          setError(f.content ? t(f.content as 'validation.required', { max: COMPLAINT_LIMITS.reply }) : undefined),
      });
    }
  });
  return (
    <FormDialog
      title={t('complaint.closeTitle')}
      busy={submit.busy}
      dirty={note !== ''}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      testId="complaint-close-form"
    >
      <Field
        label={t('complaint.closeNote')}
        required
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Textarea
          value={note}
          maxLength={COMPLAINT_LIMITS.reply}
          onChange={(_, d) => setNote(d.value)}
          data-testid="complaint-close-note"
        />
      </Field>
    </FormDialog>
  );
}

/**
 * The customer's contact, masked as the list shows it until asked for: one
 * rule on every screen (shared/format.ts maskContact); whoever handles the
 * complaint reveals it with a click to call back.
 */
function Contact({ value }: { value: string }) {
  const { t } = useScreen();
  const [shown, setShown] = useState(false);
  const masked = maskContact(value);
  return (
    <span data-testid="complaint-contact">
      {shown ? value : masked}
      {!shown && masked !== value && (
        <>
          {' '}
          <Link onClick={() => setShown(true)} data-testid="complaint-contact-reveal">
            {t('complaint.revealContact')}
          </Link>
        </>
      )}
    </span>
  );
}
