/**
 * Refund an order (spec §5: a valid amount and a reason): the whole order,
 * an amount up to what is left to refund, or some of its products, each up
 * to what is left of it. Checked here for comfort (amounts, reason), by the
 * upstream for truth (920 over what was paid, 926 unpaid, 982 too late). A
 * submitted refund is pending: "check again in 1–2 minutes"; its result
 * lands live in every window showing the order.
 */
import {
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { formatYuan, parseYuan, yuanInput } from '../../shared/format.js';
import type { OrderDetail } from '../../shared/order/index.js';
import { REFUND_LIMITS, type RefundInput } from '../../shared/refund/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { formatDateTime } from '../app/format.js';
import { CheckGroup, FormDialog, useGuardedAction, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: 'calc(100vw - 32px)' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 140px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    // Fluent's input keeps a minimum width of its own: the column's, or it ran past the dialog's edge at 400 px.
    '& .fui-Input': { minWidth: 0, width: '100%' },
    // A narrow dialog: the amount under its product, the whole width.
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

type Mode = 'whole' | 'items';

export interface RefundDialogProps {
  order: OrderDetail;
  /** Names the products to preselect (a complaint about one of them). */
  preselect?: readonly number[];
  /** A reason to start from (the complaint's). */
  reason?: string;
  onClose: () => void;
  /** Another way of asking (a complaint's refund): default `refund.create` on the order. */
  submit?: (input: RefundInput) => Promise<unknown>;
}

export function RefundDialog({
  order,
  preselect = [],
  reason: initialReason = '',
  onClose,
  submit: submitOther,
}: RefundDialogProps) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const deadline = useOp('refund.deadline', { params: { id: order.id } });
  const create = useOpMutation('refund.create', {
    invalidates: ['refund.list', 'order.info', 'order.page', 'order.count'],
  });
  const lines = order.items.map((i) => ({ ...i, left: i.unitPrice * i.count - i.refundAmount }));
  const orderLeft = order.receivedAmount - order.refundAmount;
  const [mode, setMode] = useState<Mode>(lines.length > 0 && preselect.length > 0 ? 'items' : 'whole');
  const [amount, setAmount] = useState(yuanInput(orderLeft));
  const [chosen, setChosen] = useState<Record<number, string>>(
    Object.fromEntries(
      lines.filter((l) => preselect.includes(l.id) && l.left > 0).map((l) => [l.id, yuanInput(l.left)]),
    ),
  );
  const [reason, setReason] = useState(initialReason);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** The request, or the field errors that keep it from being sent. */
  const build = (): { input?: RefundInput; errors: Record<string, string> } => {
    const found: Record<string, string> = {};
    if (!reason.trim()) found.reason = 'validation.required';
    if (mode === 'whole') {
      const fen = parseYuan(amount);
      if (fen === null || fen <= 0) found.amount = 'refund.validation.amount';
      else if (fen > orderLeft) found.amount = 'refund.validation.overOrder';
      return Object.keys(found).length
        ? { errors: found }
        : { input: { reason: reason.trim(), amount: fen! }, errors: {} };
    }
    const items = Object.entries(chosen).map(([id, typed]) => ({
      itemId: Number(id),
      amount: parseYuan(typed) ?? NaN,
    }));
    if (!items.length) found.items = 'refund.pickItems';
    for (const item of items) {
      const line = lines.find((l) => l.id === item.itemId)!;
      if (!Number.isInteger(item.amount) || item.amount <= 0) found[`item.${item.itemId}`] = 'refund.validation.amount';
      else if (item.amount > line.left) found[`item.${item.itemId}`] = 'refund.validation.overItem';
    }
    return Object.keys(found).length ? { errors: found } : { input: { reason: reason.trim(), items }, errors: {} };
  };

  const send = useGuardedAction(async () => {
    const built = build();
    setErrors(built.errors);
    if (!built.input) return;
    try {
      if (submitOther) await submitOther(built.input);
      else await create.mutateAsync({ params: { id: order.id }, body: built.input });
      notify(t('refund.submitted'));
      onClose();
    } catch (error) {
      report(error, { fallback: t('refund.failed'), onFields: setErrors });
    }
  });
  const message = (key: string) =>
    errors[key] ? t(errors[key] as 'validation.invalid', { max: REFUND_LIMITS.reason }) : undefined;
  const dirty = reason !== initialReason || Object.keys(chosen).length > 0 || amount !== yuanInput(orderLeft);

  return (
    <FormDialog
      title={t('refund.title')}
      busy={send.busy}
      dirty={dirty}
      onClose={onClose}
      onSubmit={() => void send.run()}
      testId="refund-form"
      surfaceClassName={styles.surface}
    >
      <Text>
        {order.number} · {order.title}
      </Text>
      {/* The period first: past it, said before anything is typed (a complaint's refund opens this on any order). */}
      {deadline.data &&
        (deadline.data.passed ? (
          <MessageBar intent="warning" data-testid="refund-period-ended">
            <MessageBarBody>{t('refund.periodEnded', { date: formatDateTime(deadline.data.until) })}</MessageBarBody>
          </MessageBar>
        ) : (
          <Text size={200} data-testid="refund-until">
            {t('refund.until', { date: formatDateTime(deadline.data.until) })}
          </Text>
        ))}
      {lines.length > 0 && (
        <RadioGroup
          layout="horizontal"
          value={mode}
          onChange={(_, d) => setMode(d.value as Mode)}
          aria-label={t('refund.title')}
        >
          <Radio value="whole" label={t('refund.whole')} data-testid="refund-mode-whole" />
          <Radio value="items" label={t('refund.byItem')} data-testid="refund-mode-items" />
        </RadioGroup>
      )}
      {mode === 'whole' ? (
        <Field
          label={t('refund.amount')}
          required
          hint={t('refund.refundable', { amount: formatYuan(orderLeft) })}
          validationMessage={message('amount')}
          validationState={errors.amount ? 'error' : 'none'}
        >
          <Input
            value={amount}
            inputMode="decimal"
            onChange={(_, d) => setAmount(d.value)}
            data-testid="refund-amount"
          />
        </Field>
      ) : (
        // A group, not a Field: a Field hands its one id to every checkbox inside it, so the second item's label ticked the first.
        <CheckGroup label={t('refund.pickItems')} error={message('items')} className={styles.lines}>
          {lines.map((l) => (
            <div key={l.id} className={styles.line} data-testid="refund-line">
              <Checkbox
                label={t('common.withNote', {
                  text: `${l.name} × ${l.count}`,
                  note: t('refund.refundable', { amount: formatYuan(l.left) }),
                })}
                disabled={l.left <= 0}
                checked={l.id in chosen}
                data-testid="refund-line-check"
                onChange={(_, d) =>
                  setChosen((c) => {
                    const next = { ...c };
                    if (d.checked) next[l.id] = yuanInput(l.left);
                    else delete next[l.id];
                    return next;
                  })
                }
              />
              <Field
                validationMessage={message(`item.${l.id}`)}
                validationState={errors[`item.${l.id}`] ? 'error' : 'none'}
              >
                <Input
                  value={chosen[l.id] ?? ''}
                  disabled={!(l.id in chosen)}
                  inputMode="decimal"
                  aria-label={t('refund.itemAmount', { name: l.name })}
                  onChange={(_, d) => setChosen((c) => ({ ...c, [l.id]: d.value }))}
                  data-testid="refund-line-amount"
                />
              </Field>
            </div>
          ))}
        </CheckGroup>
      )}
      <Field
        label={t('refund.reason')}
        required
        validationMessage={message('reason')}
        validationState={errors.reason ? 'error' : 'none'}
      >
        <Textarea
          value={reason}
          maxLength={REFUND_LIMITS.reason}
          placeholder={t('refund.reasonPlaceholder')}
          onChange={(_, d) => setReason(d.value)}
          data-testid="refund-reason"
        />
      </Field>
    </FormDialog>
  );
}
