/**
 * /shares/statements (beyond the spec; docs/domains/share.md): the
 * statements the caller pays or is paid, by month, state and party; each
 * one's next step; and the month's close — asked for here, run by a job,
 * its progress shown until it is done (the list then follows).
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { businessDay } from '../../shared/business-time.js';
import {
  endedMonths,
  SHARE_PARTIES,
  SHARE_STATES,
  type ShareParty,
  type ShareState,
  type ShareStatementItem,
} from '../../shared/share/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useUser } from '../app/session.js';
import { callOp, useOpMutation } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import {
  ChoiceFilter,
  CreateButton,
  ExportButton,
  filterBody,
  FormChoice,
  FormDialog,
  FormTenantField,
  forTenant,
  tenantChoice,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  useDialogSave,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { statementPath } from './paths.js';
import { useCloses } from './useCloses.js';
import { STATE_COLOR, StatementStepAction } from './StatementActions.js';

const useStyles = makeStyles({
  close: { color: tokens.colorNeutralForeground3 },
  name: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', minWidth: 0 },
  // A stale draft's second badge wraps under its state in a narrow column.
  states: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS, alignItems: 'center' },
});

interface Filter {
  month?: string | undefined;
  state?: ShareState | undefined;
  party?: ShareParty | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};

export default function StatementsPage() {
  const { t, navigate } = useScreen();
  const styles = useStyles();
  const statements = useResource('share.statementPage', {
    ns: 'share.statement',
    testId: 'share-statement',
    empty: EMPTY,
  });
  const { column, source, action, text, tenantColumn, filter } = statements;
  const stateLabel = (state: ShareState) => t(`share.states.${state}`);
  const partyLabel = (party: ShareParty) => t(`share.parties.${party}`);
  const [closing, setClosing] = useState(false);
  const months = useMemo(() => endedMonths(businessDay(), 24), []);
  // The admin's closes are a tenant's: those of the tenant the list is filtered by.
  const admin = useUser().roleKind === 'admin';
  const closes = useCloses(filter.tenantId, 'share.statementPage', !admin || filter.tenantId !== undefined);
  const last = closes.data?.[0];

  const columns = useMemo<Column<ShareStatementItem>[]>(
    () => [
      column('month', { minWidth: 80, width: 90, value: (s) => s.month }),
      column('partyName', {
        minWidth: 140,
        width: 200,
        grow: 2,
        hideable: false,
        cellTestId: 'share-statement-party',
        render: (s) => (
          <span className={styles.name}>
            <OverflowText text={s.partyName} />
            {s.mine && (
              <Badge size="small" appearance="tint" color="brand">
                {text('mine')}
              </Badge>
            )}
          </span>
        ),
      }),
      column('party', { minWidth: 80, width: 110, fold: 2, value: (s) => t(`share.parties.${s.party}`) }),
      ...tenantColumn({ header: text('payer'), width: 160 }),
      column('sales', { kind: 'money', fold: 3, value: (s) => s.sales }),
      column('refunds', { kind: 'money', fold: 4, value: (s) => s.refunds }),
      column('net', { kind: 'money', value: (s) => s.net }),
      column('share', { kind: 'money', fold: 1, value: (s) => s.share }),
      column('total', { kind: 'money', testId: true, value: (s) => s.total }),
      column('state', {
        minWidth: 80,
        width: 120,
        testId: true,
        render: (s) => (
          <span className={styles.states}>
            <Badge appearance="tint" color={STATE_COLOR[s.state]}>
              {t(`share.states.${s.state}`)}
            </Badge>
            {s.stale && (
              <Badge appearance="tint" color="warning" data-testid="share-statement-stale">
                {text('stale')}
              </Badge>
            )}
          </span>
        ),
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 150,
        shrinkLast: true,
        render: (s) => (
          <RowActions compact>
            <RowAction {...action('open')} action={() => void navigate(statementPath(s.id))} />
            <StatementStepAction statement={s} row />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, styles, column, action, text, tenantColumn],
  );

  return (
    <ResourceList
      resource={statements}
      columns={columns}
      rowKey={(s) => s.id}
      actions={
        <>
          {last && (
            <Text size={200} className={styles.close} data-testid="share-last-close">
              {t('share.statement.lastClose', {
                month: last.month,
                state: t(`share.closeStates.${last.state}`),
                count: last.statements,
              })}
            </Text>
          )}
          <ExportButton
            disabledReason={filter.month ? undefined : text('exportNeedsMonth')}
            make={() =>
              callOp('share.export', {
                query: { lang: currentLang() },
                body: { ...filterBody(filter), month: filter.month ?? '' },
              })
            }
            saved={(count) => t('share.statement.exported', { count })}
            testId="share-export"
          >
            {text('export')}
          </ExportButton>
          <CreateButton onClick={() => setClosing(true)} testId="share-close-open">
            {text('close')}
          </CreateButton>
        </>
      }
      filters={
        <>
          <ChoiceFilter {...source('month')} options={months} optionLabel={(m) => m} />
          <ChoiceFilter {...source('state')} options={SHARE_STATES} optionLabel={stateLabel} />
          <ChoiceFilter {...source('party')} options={SHARE_PARTIES} optionLabel={partyLabel} />
          <TenantFilter {...source('tenantId', text('payer'))} />
        </>
      }
    >
      {closing && <CloseDialog months={months} onClose={() => setClosing(false)} />}
    </ResourceList>
  );
}

type CloseValues = { month: string; tenantId?: number | undefined };

/** The month to close, and for the admin (and a first-level tenant, for a second-level one) whose. */
function CloseDialog({ months, onClose }: { months: readonly string[]; onClose: () => void }) {
  const { t } = useScreen();
  const user = useUser();
  const choice = tenantChoice(user, true);
  const close = useOpMutation('share.close', { invalidates: ['share.closes'] });
  const schema = z.object({
    month: z.string().min(1, { message: 'validation.required' }),
    tenantId: choice === 'required' ? z.number({ error: 'validation.required' }) : z.number().optional(),
  });
  const form = useConsoleForm<CloseValues>({
    resolver: zodI18nResolver(schema as unknown as z.ZodType<CloseValues, CloseValues>, t),
    defaultValues: {
      month: months[0] ?? '',
      tenantId: choice === 'optional' ? (user.tenantId ?? undefined) : undefined,
    },
  });
  const month = useWatch({ control: form.control, name: 'month' });
  const submit = useDialogSave(form, {
    save: ({ month: chosen, tenantId }) => close.mutateAsync({ body: { month: chosen, ...forTenant(tenantId) } }),
    saved: t('share.statement.closeQueued', { month }),
    failed: t('share.statement.actionFailed'),
    onClose,
  });
  return (
    <FormDialog title={t('share.statement.closeTitle')} {...submit.dialog} testId="share-close-form">
      <Text>{t('share.statement.closeText')}</Text>
      <FormTenantField control={form.control} choice={choice} testId="share-close-tenant" />
      <FormChoice
        control={form.control}
        name="month"
        label={t('share.statement.month')}
        options={months.map((m) => ({ value: m, text: m }))}
        testId="share-close-month"
      />
    </FormDialog>
  );
}
