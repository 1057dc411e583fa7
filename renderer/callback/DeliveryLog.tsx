/**
 * A tenant's delivery log (callback.deliveries): each event sent to its
 * system — when, which, the state, attempts, the receiver's status code,
 * latency and answer (cut short), the next try of a pending one — with "Send
 * again". Follows the callback topic live: each attempt refreshes it.
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, SendRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { DELIVERY_STATES, DELIVERY_TYPES, type DeliveryItem } from '../../shared/callback/index.js';
import { formatDateTime } from '../app/format.js';
import { useOpMutation } from '../bridge.js';
import {
  ActionButton,
  type Column,
  DataTable,
  FilterBar,
  filterBody,
  forTenant,
  OverflowText,
  Pager,
  useListPage,
  useScreen,
  RowAction,
  ChoiceFilter,
} from '../kit/index.js';

const useStyles = makeStyles({
  log: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  // The filter bar grows along a row, as on every list page.
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const COLOURS = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

interface Filter {
  state?: DeliveryItem['state'] | undefined;
  type?: DeliveryItem['type'] | undefined;
}
const EMPTY: Filter = {};

export function DeliveryLog({ tenantId }: { tenantId?: number | undefined }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const { field, apply, reset, table, pager, refresh } = useListPage('callback.deliveries', {
    empty: EMPTY,
    body: (f) => ({ ...filterBody(f), ...forTenant(tenantId) }),
  });
  const resend = useOpMutation('callback.resend', { invalidates: ['callback.deliveries'] });

  const columns = useMemo<Column<DeliveryItem>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('callback.column.time'),
        minWidth: 160,
        width: 165,
        hideable: false,
        value: (r) => formatDateTime(r.createdAt),
      },
      {
        id: 'state',
        header: t('callback.column.state'),
        minWidth: 80,
        width: 110,
        cellTestId: 'delivery-state',
        render: (r) => (
          <span title={r.nextAt ? t('callback.nextAt', { time: formatDateTime(r.nextAt) }) : undefined}>
            <Badge appearance="tint" color={COLOURS[r.state]}>
              {t(`callback.state.${r.state}`)}
            </Badge>
            {r.nextAt && (
              <Text size={200} className={styles.muted}>
                {' '}
                {formatDateTime(r.nextAt).slice(11)}
              </Text>
            )}
          </span>
        ),
      },
      {
        id: 'type',
        header: t('callback.column.event'),
        minWidth: 70,
        width: 80,
        cellTestId: 'delivery-type',
        value: (r) => t(`callback.event.${r.type}`),
      },
      {
        id: 'attempts',
        header: t('callback.column.attempts'),
        kind: 'number',
        minWidth: 80,
        width: 90,
        value: (r) => r.attempts,
      },
      {
        id: 'status',
        header: t('callback.column.status'),
        minWidth: 60,
        width: 70,
        cellTestId: 'delivery-status',
        value: (r) => (r.statusCode === null ? '' : String(r.statusCode)),
      },
      {
        id: 'latency',
        header: t('callback.column.latency'),
        minWidth: 70,
        width: 80,
        value: (r) => (r.latencyMs === null ? '' : t('callback.latencyMs', { ms: r.latencyMs })),
      },
      {
        id: 'answer',
        header: t('callback.column.answer'),
        minWidth: 100,
        width: 200,
        grow: 2,
        render: (r) => (
          <OverflowText
            text={
              r.error && r.state !== 'delivered' ? `${r.error}${r.answer ? ` · ${r.answer}` : ''}` : (r.answer ?? '')
            }
          />
        ),
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 130,
        shrinkLast: true,
        render: (r) => (
          <RowAction
            icon={<SendRegular />}
            testId="delivery-resend"
            action={async () => {
              try {
                await resend.mutateAsync({ params: { id: r.id } });
                notify(t('callback.resent'));
              } catch (error) {
                report(error);
                await refresh();
              }
            }}
          >
            {t('callback.resend')}
          </RowAction>
        ),
      },
    ],
    [t, styles, resend, notify, report, refresh],
  );

  return (
    <section className={styles.log} aria-labelledby="delivery-log-title" data-testid="delivery-log">
      <div className={styles.head}>
        <Text as="h2" weight="semibold" id="delivery-log-title">
          {t('callback.log')}
        </Text>
        <ActionButton size="small" icon={<ArrowClockwiseRegular />} action={refresh} data-testid="delivery-refresh">
          {t('callback.refresh')}
        </ActionButton>
      </div>
      <div className={styles.filters}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="delivery-search" resetTestId="delivery-reset">
          <ChoiceFilter
            label={t('callback.filterState')}
            {...field('state')}
            options={DELIVERY_STATES}
            optionLabel={(s) => t(`callback.state.${s}`)}
            testId="delivery-filter-state"
          />
          <ChoiceFilter
            label={t('callback.filterEvent')}
            {...field('type')}
            options={DELIVERY_TYPES}
            optionLabel={(s) => t(`callback.event.${s}`)}
            testId="delivery-filter-type"
          />
        </FilterBar>
      </div>
      <DataTable
        label={t('callback.log')}
        columns={columns}
        {...table}
        rowKey={(r) => r.id}
        rowTestId="delivery-row"
        testId="delivery-table"
      />
      <Pager {...pager} testId="delivery-pager" />
    </section>
  );
}
