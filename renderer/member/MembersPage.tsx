/**
 * /memberCenter/memberInfo (spec §2 member info): the members of the user's
 * tenants — who signed in through a tenant's mini-program — by nickname (its
 * pinyin too), card, phone or id, state and tenant, with their points;
 * phones masked. A row opens the member's page; block and let back from the
 * row (blocking asks first: it ends the member's mini-program session).
 */
import { Badge } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { MEMBER_STATES, type MemberItem, type MemberState } from '../../shared/member/index.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  rowCommand,
  TenantFilter,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { memberPath } from './paths.js';

interface Filter {
  keyword: string;
  state?: MemberState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

const toState = (state: MemberState) => (m: MemberItem) => ({ params: { id: m.id }, body: { state } });
// Blocking asks first: it ends the member's mini-program session.
const COMMANDS = {
  ns: 'member',
  invalidates: ['member.page', 'member.info'],
  commands: {
    block: rowCommand('member.setState', {
      input: toState('blocked'),
      done: 'stateChanged',
      ask: true,
      question: 'confirmBlock',
    }),
    unblock: rowCommand('member.setState', { input: toState('normal'), done: 'stateChanged' }),
  },
} as const satisfies RowCommands<string, MemberItem>;

export default function MembersPage() {
  const { t, navigate } = useScreen();
  const members = useResource('member.page', { ns: 'member', testId: 'member', empty: EMPTY });
  const { column, source, action, labels, tenantColumn } = members;
  const { run, dialog } = useRowCommands(COMMANDS, { name: (m: MemberItem) => m.nickname });

  const columns = useMemo<Column<MemberItem>[]>(
    () => [
      column('nickname', {
        minWidth: 110,
        width: 160,
        grow: 1,
        hideable: false,
        cellTestId: 'member-row-nickname',
        render: (m) => <OverflowText text={m.erased ? t('member.erasedName') : m.nickname} />,
      }),
      column('cardNumber', { minWidth: 110, width: 120, value: (m) => m.cardNumber }),
      column('phone', { minWidth: 110, width: 120, cellTestId: 'member-row-phone', value: (m) => m.phone ?? '' }),
      column('points', {
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'member-row-points',
        value: (m) => m.points,
      }),
      column('grade', { minWidth: 80, width: 100, fold: 2, value: (m) => m.gradeName ?? '' }),
      column('state', {
        minWidth: 80,
        width: 90,
        cellTestId: 'member-row-state',
        render: (m) => (
          <Badge appearance="tint" color={m.state === 'blocked' ? 'danger' : 'success'}>
            {labels('states')(m.state)}
          </Badge>
        ),
      }),
      column('address', {
        header: t('member.registeredAddress'),
        minWidth: 120,
        width: 200,
        render: (m) => <OverflowText text={m.registeredAddress ?? ''} />,
      }),
      ...tenantColumn(),
      column('registeredAt', { kind: 'time', value: (m) => m.registeredAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (m) => (
          <RowActions>
            <RowAction {...action('open')} icon={<OpenRegular />} action={() => void navigate(memberPath(m.id))} />
            <RowAction
              {...action('toggle', t(m.state === 'blocked' ? 'member.unblock' : 'member.block'))}
              danger={m.state === 'normal'}
              opensDialog={m.state === 'normal'}
              action={() => run(m.state === 'blocked' ? 'unblock' : 'block', m)}
            />
          </RowActions>
        ),
      }),
    ],
    [t, navigate, column, action, labels, tenantColumn, run],
  );

  return (
    <ResourceList
      resource={members}
      title={t('member.route.memberInfo')}
      columns={columns}
      rowKey={(m) => m.id}
      emptyHint={t('member.empty')}
      table={{ onRowOpen: (m) => void navigate(memberPath(m.id)) }}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state')} options={MEMBER_STATES} optionLabel={labels('states')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    >
      {dialog}
    </ResourceList>
  );
}
