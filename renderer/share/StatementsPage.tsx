/**
 * /shares/statements (beyond the spec; docs/domains/share.md): the
 * statements the caller pays or is paid, by month, state and party; each
 * one's next step; and the month's close — asked for here, run by a job,
 * its progress shown until it is done (the list then follows).
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
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
  ActionButton,
  ChoiceFilter,
  CreateButton,
  filterBody,
  DataTable,
  FilterBar,
  FormChoice,
  FormDialog,
  FormTenantField,
  forTenant,
  tenantChoice,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  useDialogSave,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { saveSheet } from '../kit/xlsx.js';
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
  const { t, navigate, notify, report } = useScreen();
  const styles = useStyles();
  const byTenant = seesTenants(useUser());
  const { field, filter, apply, reset, table, pager } = useListPage('share.statementPage', { empty: EMPTY });
  const [closing, setClosing] = useState(false);
  const months = useMemo(() => endedMonths(businessDay(), 24), []);
  // The admin's closes are a tenant's: those of the tenant the list is filtered by.
  const admin = useUser().roleKind === 'admin';
  const closes = useCloses(filter.tenantId, 'share.statementPage', !admin || filter.tenantId !== undefined);
  const last = closes.data?.[0];

  const columns = useMemo<Column<ShareStatementItem>[]>(
    () => [
      { id: 'month', header: t('share.statement.month'), minWidth: 80, width: 90, value: (s) => s.month },
      {
        id: 'partyName',
        header: t('share.statement.partyName'),
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
                {t('share.statement.mine')}
              </Badge>
            )}
          </span>
        ),
      },
      {
        id: 'party',
        header: t('share.statement.party'),
        minWidth: 80,
        width: 110,
        fold: 2,
        value: (s) => t(`share.parties.${s.party}`),
      },
      ...tenantColumn<ShareStatementItem>(byTenant, t('share.statement.payer'), { width: 160 }),
      { id: 'sales', header: t('share.statement.sales'), kind: 'money', fold: 3, value: (s) => s.sales },
      { id: 'refunds', header: t('share.statement.refunds'), kind: 'money', fold: 4, value: (s) => s.refunds },
      { id: 'net', header: t('share.statement.net'), kind: 'money', value: (s) => s.net },
      { id: 'share', header: t('share.statement.share'), kind: 'money', fold: 1, value: (s) => s.share },
      {
        id: 'total',
        header: t('share.statement.total'),
        kind: 'money',
        cellTestId: 'share-statement-total',
        value: (s) => s.total,
      },
      {
        id: 'state',
        header: t('share.statement.state'),
        minWidth: 80,
        width: 120,
        cellTestId: 'share-statement-state',
        render: (s) => (
          <span className={styles.states}>
            <Badge appearance="tint" color={STATE_COLOR[s.state]}>
              {t(`share.states.${s.state}`)}
            </Badge>
            {s.stale && (
              <Badge appearance="tint" color="warning" data-testid="share-statement-stale">
                {t('share.statement.stale')}
              </Badge>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 150,
        shrinkLast: true,
        render: (s) => (
          <RowActions compact>
            <RowAction action={() => void navigate(statementPath(s.id))} testId="share-statement-open">
              {t('share.statement.open')}
            </RowAction>
            <StatementStepAction statement={s} row />
          </RowActions>
        ),
      },
    ],
    [t, byTenant, navigate, styles.name],
  );

  return (
    <ListPage
      id="share-statements-title"
      title={t('share.statement.title')}
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
          <ActionButton
            icon={<ArrowDownloadRegular />}
            disabledReason={filter.month ? undefined : t('share.statement.exportNeedsMonth')}
            action={async () => {
              if (!filter.month) return;
              try {
                const sheet = await callOp('share.export', {
                  query: { lang: currentLang() },
                  body: { ...filterBody(filter), month: filter.month },
                });
                await saveSheet(sheet, notify, { saved: (count) => t('share.statement.exported', { count }) });
              } catch (error) {
                report(error);
              }
            }}
            data-testid="share-export"
          >
            {t('share.statement.export')}
          </ActionButton>
          <CreateButton onClick={() => setClosing(true)} testId="share-close-open">
            {t('share.statement.close')}
          </CreateButton>
        </>
      }
      filters={
        <FilterBar
          onSearch={apply}
          onReset={reset}
          searchTestId="share-statement-search"
          resetTestId="share-statement-reset"
        >
          <ChoiceFilter
            label={t('share.statement.month')}
            {...field('month')}
            options={months}
            optionLabel={(m) => m}
            testId="share-filter-month"
          />
          <ChoiceFilter
            label={t('share.statement.state')}
            {...field('state')}
            options={SHARE_STATES}
            optionLabel={(s) => t(`share.states.${s}`)}
            testId="share-filter-state"
          />
          <ChoiceFilter
            label={t('share.statement.party')}
            {...field('party')}
            options={SHARE_PARTIES}
            optionLabel={(p) => t(`share.parties.${p}`)}
            testId="share-filter-party"
          />
          <TenantFilter label={t('share.statement.payer')} {...field('tenantId')} testId="share-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('share.statement.title')}
        columns={columns}
        {...table}
        rowKey={(s) => s.id}
        rowTestId="share-statement-row"
        testId="share-statement-table"
      />
      <Pager {...pager} testId="share-statement-pager" />
      {closing && <CloseDialog months={months} onClose={() => setClosing(false)} />}
    </ListPage>
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
