/**
 * Sets a rule's version from a month: for a point, a host or a
 * second-level tenant, a percentage in up to five rising tiers (the last
 * without a bound), a monthly rent, or the greater of the two. Amounts are
 * typed in yuan and rates in percent, sent as fen and basis points; a month
 * already issued is refused at its field (973).
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { businessDay } from '../../shared/business-time.js';
import { CODE } from '../../shared/domains.js';
import { yuanInput } from '../../shared/format.js';
import {
  monthsAround,
  SHARE_KINDS,
  SHARE_LIMITS,
  SHARE_SUBJECTS,
  type ShareRuleItem,
  type ShareSubject,
} from '../../shared/share/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { useUser } from '../app/session.js';
import {
  FormChoice,
  FormDialog,
  FormRadio,
  FormTenantField,
  tenantChoice,
  useDialogSave,
  useScreen,
} from '../kit/index.js';
import { parseRate, parseSignedYuan, rateText } from './money.js';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(620px, 96vw)' },
  tier: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Values = {
  tenantId?: number | undefined;
  subject: ShareSubject;
  subjectId: string;
  fromMonth: string;
  kind: (typeof SHARE_KINDS)[number];
  tiers: { upTo: string; rate: string }[];
  rent: string;
};

const yuanOk = (v: string) => {
  const fen = parseSignedYuan(v);
  return fen !== null && fen > 0 && fen <= SHARE_LIMITS.money;
};

const schemaFor = (tenantRequired: boolean) =>
  z
    .object({
      tenantId: tenantRequired ? z.number({ error: 'validation.required' }) : z.number().optional(),
      subject: z.enum(SHARE_SUBJECTS),
      subjectId: z.string().min(1, { message: 'validation.required' }),
      fromMonth: z.string().min(1, { message: 'validation.required' }),
      kind: z.enum(SHARE_KINDS),
      tiers: z.array(z.object({ upTo: z.string(), rate: z.string() })),
      rent: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.kind !== 'percent' && !yuanOk(v.rent))
        ctx.addIssue({ code: 'custom', message: 'share.validation.money', path: ['rent'] });
      if (v.kind === 'rent') return;
      let below = 0;
      v.tiers.forEach((tier, i) => {
        if (parseRate(tier.rate) === null)
          ctx.addIssue({ code: 'custom', message: 'share.validation.rate', path: ['tiers', i, 'rate'] });
        if (i === v.tiers.length - 1) return;
        if (!yuanOk(tier.upTo))
          ctx.addIssue({ code: 'custom', message: 'share.validation.money', path: ['tiers', i, 'upTo'] });
        else if (parseSignedYuan(tier.upTo)! <= below)
          ctx.addIssue({ code: 'custom', message: 'share.validation.tiersRise', path: ['tiers', i, 'upTo'] });
        else below = parseSignedYuan(tier.upTo)!;
      });
    }) as unknown as z.ZodType<Values, Values>;

/** The next month, the one a new rate usually starts. */
const nextMonthOf = (today: string) => monthsAround(today, 0, 1)[1]!;

export function RuleFormDialog({
  tenantId,
  from,
  onClose,
}: {
  tenantId?: number | undefined;
  /** A version to start from (its subject and terms): "new version" on a row. */
  from?: ShareRuleItem | undefined;
  onClose: () => void;
}) {
  const { t } = useScreen();
  const styles = useStyles();
  const today = businessDay();
  const months = monthsAround(today, 6, 12);
  const user = useUser();
  // The admin names the tenant whose rule it is; a tenant sets its own.
  const choice = tenantChoice(user, true) === 'required' && tenantId === undefined ? 'required' : 'none';
  const set = useOpMutation('share.ruleSet', { invalidates: ['share.rulePage'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schemaFor(choice === 'required'), t),
    defaultValues: {
      tenantId: from?.tenantId ?? tenantId,
      subject: from?.subject ?? 'host',
      subjectId: from ? String(from.subjectId) : '',
      fromMonth: nextMonthOf(today),
      kind: from?.kind ?? 'percent',
      tiers: from?.tiers.length
        ? from.tiers.map((tier) => ({
            upTo: tier.upTo === null ? '' : yuanInput(tier.upTo),
            rate: rateText(tier.rate),
          }))
        : [{ upTo: '', rate: '' }],
      rent: from?.rent ? yuanInput(from.rent) : '',
    },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const [subject, kind, owner] = useWatch({ control: form.control, name: ['subject', 'kind', 'tenantId'] });
  const subjects = useOp(
    'share.subjects',
    { body: owner === undefined ? {} : { tenantId: owner } },
    { enabled: choice === 'none' || owner !== undefined },
  );
  // Another kind of subject: the one chosen is not among its choices any more.
  const shownSubject = useRef(subject);
  useEffect(() => {
    if (shownSubject.current !== subject) form.setValue('subjectId', '');
    shownSubject.current = subject;
  }, [subject, form]);
  const choices =
    subject === 'point'
      ? (subjects.data?.points ?? [])
      : subject === 'host'
        ? (subjects.data?.hosts ?? [])
        : (subjects.data?.subTenants ?? []);
  const submit = useDialogSave(form, {
    save: (v) => {
      const id = Number(v.subjectId);
      const target =
        v.subject === 'point' ? { pointId: id } : v.subject === 'host' ? { hostId: id } : { subTenantId: id };
      const terms = {
        kind: v.kind,
        tiers:
          v.kind === 'rent'
            ? []
            : v.tiers.map((tier, i) => ({
                upTo: i === v.tiers.length - 1 ? null : parseSignedYuan(tier.upTo)!,
                rate: parseRate(tier.rate)!,
              })),
        rent: v.kind === 'percent' ? 0 : parseSignedYuan(v.rent)!,
      };
      return set.mutateAsync({ body: { ...target, fromMonth: v.fromMonth, terms } });
    },
    saved: t('share.rule.saved'),
    failed: t('share.statement.actionFailed'),
    fieldCodes: { [CODE.shareMonthStated]: 'fromMonth', [CODE.shareSubjectNotFound]: 'subjectId' },
    onClose,
  });
  return (
    <FormDialog
      title={t('share.rule.create')}
      {...submit.dialog}
      surfaceClassName={styles.surface}
      testId="share-rule-form"
    >
      <FormTenantField
        control={form.control}
        choice={choice}
        testId="share-rule-form-tenant"
        onChange={() => form.setValue('subjectId', '')}
      />
      <FormRadio
        control={form.control}
        name="subject"
        label={t('share.rule.subject')}
        options={SHARE_SUBJECTS.map((s) => ({
          value: s,
          text: t(`share.subjects.${s}`),
          testId: `share-rule-subject-${s}`,
        }))}
        testId="share-rule-form-subject"
      />
      <FormChoice
        control={form.control}
        name="subjectId"
        label={t('share.rule.subjectName')}
        options={choices.map((c) => ({ value: String(c.id), text: c.name }))}
        testId="share-rule-form-subject-id"
      />
      <FormChoice
        control={form.control}
        name="fromMonth"
        label={t('share.rule.fromMonth')}
        options={months.map((m) => ({ value: m, text: m }))}
        testId="share-rule-form-month"
      />
      <FormRadio
        control={form.control}
        name="kind"
        label={t('share.rule.kind')}
        options={SHARE_KINDS.map((k) => ({ value: k, text: t(`share.kinds.${k}`), testId: `share-rule-kind-${k}` }))}
        testId="share-rule-form-kind"
      />
      {kind !== 'rent' && (
        <>
          <Text weight="semibold">{t('share.rule.tiers')}</Text>
          {tiers.fields.map((row, i) => (
            <div key={row.id} className={styles.tier} data-testid="share-rule-tier">
              {i === tiers.fields.length - 1 ? (
                <Text className={styles.muted}>{t('share.rule.above')}</Text>
              ) : (
                <FormInput
                  control={form.control}
                  name={`tiers.${i}.upTo`}
                  label={t('share.rule.upTo')}
                  input={{ inputMode: 'decimal', 'data-testid': 'share-rule-tier-upto' }}
                />
              )}
              <FormInput
                control={form.control}
                name={`tiers.${i}.rate`}
                label={t('share.rule.rate')}
                input={{ inputMode: 'decimal', 'data-testid': 'share-rule-tier-rate' }}
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('share.rule.removeTier')}
                disabled={tiers.fields.length === 1}
                onClick={() => tiers.remove(i)}
                data-testid="share-rule-tier-remove"
              />
            </div>
          ))}
          {tiers.fields.length < SHARE_LIMITS.tiers && (
            <Button
              appearance="subtle"
              icon={<AddRegular />}
              onClick={() => tiers.insert(tiers.fields.length - 1, { upTo: '', rate: '' })}
              data-testid="share-rule-tier-add"
            >
              {t('share.rule.addTier')}
            </Button>
          )}
        </>
      )}
      {kind !== 'percent' && (
        <FormInput
          control={form.control}
          name="rent"
          label={t('share.rule.rent')}
          input={{ inputMode: 'decimal', 'data-testid': 'share-rule-rent' }}
        />
      )}
    </FormDialog>
  );
}
