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
  ChoiceFilter,
  filterBody,
  forTenant,
  OverflowText,
  ResourceList,
  RowAction,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';

const useStyles = makeStyles({ muted: { color: tokens.colorNeutralForeground3 } });

const COLOURS = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

interface Filter {
  state?: DeliveryItem['state'] | undefined;
  type?: DeliveryItem['type'] | undefined;
}
const EMPTY: Filter = {};

export function DeliveryLog({ tenantId }: { tenantId?: number | undefined }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const deliveries = useResource('callback.deliveries', {
    ns: 'callback.delivery',
    testId: 'delivery',
    empty: EMPTY,
    body: (f) => ({ ...filterBody(f), ...forTenant(tenantId) }),
  });
  const { column, source, action, labels, refresh } = deliveries;
  const resend = useOpMutation('callback.resend', { invalidates: ['callback.deliveries'] });
  // The event's words are the callback settings' (the events it pushes).
  const event = (type: DeliveryItem['type']) => t(`callback.event.${type}`);

  const columns = useMemo<Column<DeliveryItem>[]>(
    () => [
      column('createdAt', { minWidth: 160, width: 165, hideable: false, value: (r) => formatDateTime(r.createdAt) }),
      column('state', {
        minWidth: 80,
        width: 110,
        testId: true,
        render: (r) => (
          <span title={r.nextAt ? t('callback.delivery.nextAt', { time: formatDateTime(r.nextAt) }) : undefined}>
            <Badge appearance="tint" color={COLOURS[r.state]}>
              {labels('states')(r.state)}
            </Badge>
            {r.nextAt && (
              <Text size={200} className={styles.muted}>
                {' '}
                {formatDateTime(r.nextAt).slice(11)}
              </Text>
            )}
          </span>
        ),
      }),
      column('type', { minWidth: 70, width: 80, testId: true, value: (r) => event(r.type) }),
      column('attempts', { kind: 'number', minWidth: 80, width: 90, value: (r) => r.attempts }),
      column('status', {
        minWidth: 60,
        width: 70,
        testId: true,
        value: (r) => (r.statusCode === null ? '' : String(r.statusCode)),
      }),
      column('latency', {
        minWidth: 70,
        width: 80,
        value: (r) => (r.latencyMs === null ? '' : t('callback.delivery.latencyMs', { ms: r.latencyMs })),
      }),
      column('answer', {
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
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: 130,
        shrinkLast: true,
        render: (r) => (
          <RowAction
            {...action('resend')}
            icon={<SendRegular />}
            action={async () => {
              try {
                await resend.mutateAsync({ params: { id: r.id } });
                notify(t('callback.delivery.resent'));
              } catch (error) {
                report(error);
                await refresh();
              }
            }}
          />
        ),
      }),
    ],
    // `event` reads only `t`.
    [t, styles, resend, notify, report, refresh, column, action, labels],
  );

  return (
    <ResourceList
      resource={deliveries}
      nested
      columns={columns}
      rowKey={(r) => r.id}
      actions={
        <ActionButton size="small" icon={<ArrowClockwiseRegular />} action={refresh} data-testid="delivery-refresh">
          {t('callback.delivery.refresh')}
        </ActionButton>
      }
      filters={
        <>
          <ChoiceFilter {...source('state')} options={DELIVERY_STATES} optionLabel={labels('states')} />
          <ChoiceFilter {...source('type')} options={DELIVERY_TYPES} optionLabel={event} />
        </>
      }
    />
  );
}
