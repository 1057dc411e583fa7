/**
 * The cards declined at the tenant's fridges (`fresh.cards`), blocked first:
 * the card's last digits, its declines in a row, when and at which fridge it
 * was blocked and how often it tried since. The admin and the tenants
 * unblock one after a question (members only read).
 */
import { useMemo } from 'react';
import type { CardItem } from '../../shared/fresh/index.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  TenantFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';

interface Filter {
  blocked?: 'yes' | 'no' | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = {};
const bodyOf = ({ blocked, tenantId }: Filter) => ({
  ...(blocked ? { blocked: blocked === 'yes' } : {}),
  ...(tenantId !== undefined ? { tenantId } : {}),
});

const COMMANDS: RowCommands<'unblock', CardItem> = {
  ns: 'fresh.doors',
  invalidates: ['fresh.cards'],
  commands: {
    unblock: rowCommand('fresh.unblockCard', {
      input: (c) => ({ params: { id: c.id }, body: {} }),
      ask: true,
      danger: false,
      done: 'unblocked',
      title: 'unblockTitle',
      question: 'unblockWhat',
    }),
  },
};

export function CardsPanel() {
  const { t, user } = useScreen();
  const cards = useResource('fresh.cards', { ns: 'fresh.doors', testId: 'fresh-cards', empty: EMPTY, body: bodyOf });
  const { column, source, tenantColumn, action } = cards;
  const tailOf = (c: CardItem) => c.cardTail ?? t('fresh.doors.noTail');
  const { run, dialog } = useRowCommands(COMMANDS, {
    name: tailOf,
    values: (c) => ({ tail: tailOf(c) }),
    failed: t('fresh.doors.unblockFailed'),
  });
  // Unblocking is the admin's and the tenants'; a member reads the list.
  const unblocks = user.roleKind !== 'member';
  const columns = useMemo<Column<CardItem>[]>(
    () => [
      column('card', {
        minWidth: 100,
        width: 130,
        hideable: false,
        testId: true,
        value: (c) => (c.cardTail ? t('fresh.doors.cardTail', { tail: c.cardTail }) : t('fresh.doors.noTail')),
      }),
      column('declines', { kind: 'number', value: (c) => c.declines, testId: true }),
      column('blockedAt', {
        kind: 'time',
        fold: 3,
        testId: true,
        value: (c) => c.blockedAt ?? t('fresh.doors.blockedAt_none'),
      }),
      column('blockedDevice', {
        render: (c) => <OverflowText text={c.blockedDeviceName ?? '—'} />,
        minWidth: 120,
        width: 180,
        grow: 1,
        fold: 2,
      }),
      column('refusals', { kind: 'number', value: (c) => c.refusals, fold: 1 }),
      column('lastSeenAt', { kind: 'time', value: (c) => c.lastSeenAt, fold: 1 }),
      ...tenantColumn({ width: 140 }),
      ...(unblocks
        ? [
            column('actions', {
              header: t('common.actions'),
              pin: 'end',
              minWidth: 100,
              width: 110,
              render: (c: CardItem) =>
                c.blockedAt === null ? null : (
                  <RowActions compact>
                    <RowAction {...action('unblock')} opensDialog action={() => void run('unblock', c)} />
                  </RowActions>
                ),
            }),
          ]
        : []),
    ],
    [t, column, tenantColumn, action, run, unblocks],
  );
  return (
    <ResourceList
      resource={cards}
      untitled
      title={t('fresh.doors.views.cards')}
      columns={columns}
      rowKey={(c) => c.id}
      emptyHint={t('fresh.doors.emptyCards')}
      filters={
        <>
          <ChoiceFilter
            {...source('blocked')}
            options={['yes', 'no'] as const}
            optionLabel={(v) => t(v === 'yes' ? 'fresh.doors.blockedYes' : 'fresh.doors.blockedNo')}
          />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {dialog}
    </ResourceList>
  );
}
