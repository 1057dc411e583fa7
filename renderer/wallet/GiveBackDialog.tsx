/**
 * Giving a member's principal back at the counter: what goes back and what is forfeited, the terms, and the
 * reason (required, checked here for comfort and by the upstream for truth); then the give-back as it goes —
 * each refund to a top-up's payment or at the counter, asked again every 1.5 s until none is under way.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { formatYuan } from '../../shared/format.js';
import { WALLET_LIMITS, type GiveBack } from '../../shared/wallet/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  DataTable,
  FormDialog,
  InfoList,
  StateBadge,
  useDialogSave,
  useScreen,
  type BadgeColour,
  type Column,
} from '../kit/index.js';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const typed = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(WALLET_LIMITS.reason, { message: 'validation.max' }),
});
type Values = z.input<typeof typed>;

/** The form: the amounts as the wallet shows them now (the upstream takes what it holds when asked). */
export function GiveBackDialog({
  member,
  held,
  onClose,
  onAsked,
}: {
  member: { id: number; name: string };
  held: { principal: number; bonus: number };
  onClose: () => void;
  onAsked: (giveBack: GiveBack) => void;
}) {
  const { t } = useScreen();
  const ask = useOpMutation('wallet.giveBack');
  const form = useConsoleForm<Values>({ resolver: zodI18nResolver(typed, t), defaultValues: { reason: '' } });
  const submit = useDialogSave(form, {
    save: async (v) => onAsked(await ask.mutateAsync({ body: { memberId: member.id, reason: v.reason.trim() } })),
    saved: t('wallet.giveBack.asked'),
    failed: t('wallet.giveBack.failed'),
    goneCode: CODE.programmeMemberNotFound,
    onClose,
    fieldCodes: { [CODE.nothingToGiveBack]: 'reason' },
  });
  return (
    <FormDialog
      title={t('wallet.giveBack.title', { name: member.name })}
      {...submit.dialog}
      testId="wallet-give-back"
      submitLabel={t('wallet.giveBack.submit')}
    >
      <InfoList
        items={[
          {
            label: t('wallet.giveBack.principal'),
            value: formatYuan(held.principal),
            testId: 'wallet-give-back-principal',
          },
          { label: t('wallet.giveBack.bonus'), value: formatYuan(held.bonus), testId: 'wallet-give-back-bonus' },
        ]}
      />
      <Text>{t('wallet.giveBack.terms')}</Text>
      <FormInput
        control={form.control}
        name="reason"
        label={t('wallet.giveBack.reason')}
        required
        input={{ maxLength: WALLET_LIMITS.reason, 'data-testid': 'wallet-give-back-reason' }}
      />
    </FormDialog>
  );
}

type Refund = GiveBack['refunds'][number];

const REFUND_COLOURS: Record<Refund['state'], BadgeColour> = {
  pending: 'informative',
  paid: 'success',
  failed: 'danger',
  byHand: 'warning',
};
const COLOURS: Record<GiveBack['state'], BadgeColour> = {
  pending: 'informative',
  done: 'success',
  partial: 'warning',
  failed: 'danger',
};

/** A give-back as it goes, until none of its refunds is under way; the wallet behind refreshes when it ends. */
export function GiveBackResultDialog({
  giveBack,
  onClose,
  onEnded,
}: {
  giveBack: GiveBack;
  onClose: () => void;
  onEnded: () => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const state = useOp(
    'wallet.giveBackOf',
    { params: { id: giveBack.id } },
    { refetchInterval: (q) => ((q.state.data ?? giveBack).state === 'pending' ? 1500 : false) },
  );
  const current = state.data ?? giveBack;
  const ended = current.state !== 'pending';
  useEffect(() => {
    if (ended) onEnded();
    // Once, as it ends.
  }, [ended]);
  const columns = useMemo<Column<Refund>[]>(
    () => [
      {
        id: 'to',
        header: t('wallet.giveBack.to'),
        minWidth: 240,
        grow: 1,
        value: (r) =>
          r.topUpNumber && r.platform
            ? t('wallet.giveBack.toTopUp', {
                platform: t(`wallet.topUp.platforms.${r.platform}`),
                number: r.topUpNumber,
              })
            : t('wallet.giveBack.byHand'),
      },
      {
        id: 'amount',
        header: t('wallet.giveBack.amount'),
        kind: 'money',
        width: 100,
        value: (r) => formatYuan(r.amount),
      },
      {
        id: 'state',
        header: t('wallet.giveBack.state'),
        minWidth: 110,
        width: 150,
        cellTestId: 'wallet-give-back-refund-state',
        render: (r) => (
          <StateBadge
            state={r.state}
            colours={REFUND_COLOURS}
            label={(s) => t(`wallet.giveBack.refundStates.${s}`)}
            title={r.platformCode ?? undefined}
          />
        ),
      },
    ],
    [t],
  );
  return (
    <Dialog open modalType="alert">
      <DialogSurface data-testid="wallet-give-back-result">
        <DialogBody>
          <DialogTitle>{t('wallet.giveBack.resultTitle', { number: current.number })}</DialogTitle>
          <DialogContent className={styles.panel}>
            <InfoList
              items={[
                { label: t('wallet.giveBack.principal'), value: formatYuan(current.principal) },
                { label: t('wallet.giveBack.bonus'), value: formatYuan(current.bonus) },
                {
                  label: t('wallet.giveBack.state'),
                  value: (
                    <StateBadge
                      state={current.state}
                      colours={COLOURS}
                      label={(s) => t(`wallet.giveBack.states.${s}`)}
                      testId="wallet-give-back-state"
                    />
                  ),
                },
              ]}
            />
            <DataTable
              label={t('wallet.giveBack.resultTitle', { number: current.number })}
              columns={columns}
              rows={current.refunds}
              view="rows"
              rowKey={(r) => r.id}
              rowTestId="wallet-give-back-refund"
              size="small"
            />
            {!ended && (
              <MessageBar intent="info">
                <MessageBarBody>{t('wallet.giveBack.waiting')}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="wallet-give-back-close">
              {t(ended ? 'wallet.giveBack.done' : 'common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
