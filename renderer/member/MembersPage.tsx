/**
 * /memberCenter/memberInfo (spec §2 member info): the members of the user's
 * tenants — who signed in through a tenant's mini-program — by nickname (its
 * pinyin too), card, phone or id, state and tenant, with their points;
 * phones masked. A row opens the member's page; block and let back from the
 * row (blocking asks first: it ends the member's mini-program session).
 */
import { Badge, Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { MEMBER_STATES, type MemberItem, type MemberState } from '../../shared/member/index.js';
import {
  ChoiceFilter,
  ConfirmDialog,
  DataTable,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  seesTenants,
  tenantColumn,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';
import { memberPath } from './paths.js';
import { useMemberState } from './useMemberState.js';

interface Filter {
  keyword: string;
  state?: MemberState | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function MembersPage() {
  const { t, user, navigate } = useScreen();
  const { field, unfiltered, apply, reset, table, pager, refresh } = useListPage('member.page', { empty: EMPTY });
  const [blocking, setBlocking] = useState<MemberItem | null>(null);
  const change = useMemberState(refresh);

  const columns = useMemo<Column<MemberItem>[]>(
    () => [
      {
        id: 'nickname',
        header: t('member.nickname'),
        minWidth: 110,
        width: 160,
        grow: 1,
        hideable: false,
        cellTestId: 'member-row-nickname',
        render: (m) => <OverflowText text={m.erased ? t('member.erasedName') : m.nickname} />,
      },
      { id: 'cardNumber', header: t('member.cardNumber'), minWidth: 110, width: 120, value: (m) => m.cardNumber },
      {
        id: 'phone',
        header: t('member.phone'),
        minWidth: 110,
        width: 120,
        cellTestId: 'member-row-phone',
        value: (m) => m.phone ?? '',
      },
      {
        id: 'points',
        header: t('member.points'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'member-row-points',
        value: (m) => m.points,
      },
      {
        id: 'state',
        header: t('member.state'),
        minWidth: 80,
        width: 90,
        cellTestId: 'member-row-state',
        render: (m) => (
          <Badge appearance="tint" color={m.state === 'blocked' ? 'danger' : 'success'}>
            {t(`member.states.${m.state}`)}
          </Badge>
        ),
      },
      {
        id: 'address',
        header: t('member.registeredAddress'),
        minWidth: 120,
        width: 200,
        render: (m) => <OverflowText text={m.registeredAddress ?? ''} />,
      },
      ...tenantColumn<MemberItem>(seesTenants(user), t('common.tenant')),
      { id: 'registeredAt', header: t('member.registeredAt'), kind: 'time', value: (m) => m.registeredAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 150,
        width: 160,
        shrinkLast: true,
        render: (m) => (
          <RowActions>
            <RowAction icon={<OpenRegular />} action={() => void navigate(memberPath(m.id))} testId="member-open">
              {t('member.open')}
            </RowAction>
            <RowAction
              danger={m.state === 'normal'}
              opensDialog={m.state === 'normal'}
              action={() => (m.state === 'blocked' ? change(m.id, 'normal') : setBlocking(m))}
              testId="member-toggle"
            >
              {t(m.state === 'blocked' ? 'member.unblock' : 'member.block')}
            </RowAction>
          </RowActions>
        ),
      },
    ],
    [t, user, navigate, change],
  );

  return (
    <ListPage
      id="members-title"
      title={t('member.route.memberInfo')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="member-search" resetTestId="member-reset">
          <TextFilter label={t('member.keyword')} {...field('keyword')} maxLength={50} testId="member-filter-keyword" />
          <ChoiceFilter
            label={t('member.state')}
            {...field('state')}
            options={MEMBER_STATES}
            optionLabel={(s) => t(`member.states.${s}`)}
            testId="member-filter-state"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="member-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('member.route.memberInfo')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="member-empty-hint">{t('member.empty')}</Text> : undefined}
        rowKey={(m) => m.id}
        rowTestId="member-row"
        testId="member-table"
        onRowOpen={(m) => void navigate(memberPath(m.id))}
      />
      <Pager {...pager} testId="member-pager" />
      <ConfirmDialog
        open={blocking !== null}
        danger
        title={t('member.block')}
        text={blocking ? t('member.confirmBlock', { name: blocking.nickname }) : ''}
        confirmLabel={t('member.block')}
        onConfirm={async () => {
          if (blocking) await change(blocking.id, 'blocked');
          setBlocking(null);
        }}
        onCancel={() => setBlocking(null)}
      />
    </ListPage>
  );
}
