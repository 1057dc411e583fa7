/**
 * /memberCenter/thirdPartyMember (spec §2 members of a third-party member
 * programme): the members of other loyalty programmes (a mall's, a card
 * scheme's) that the user's tenants' sales named, with how many sales and
 * what they came to — what the other programme is reconciled against; by
 * member id or programme and tenant, most recently seen first.
 */
import { Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { ExternalMemberItem } from '../../shared/member/index.js';
import {
  DataTable,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  seesTenants,
  tenantColumn,
  TenantFilter,
  TextFilter,
  useListPage,
  useScreen,
  type Column,
} from '../kit/index.js';

interface Filter {
  keyword: string;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function ExternalMembersPage() {
  const { t, user } = useScreen();
  const { field, unfiltered, apply, reset, table, pager } = useListPage('member.externalPage', { empty: EMPTY });
  const columns = useMemo<Column<ExternalMemberItem>[]>(
    () => [
      {
        id: 'programme',
        header: t('member.external.programme'),
        minWidth: 110,
        width: 160,
        render: (m) => <OverflowText text={m.programme} />,
      },
      {
        id: 'externalId',
        header: t('member.external.externalId'),
        minWidth: 120,
        width: 200,
        grow: 1,
        hideable: false,
        cellTestId: 'external-row-id',
        render: (m) => <OverflowText text={m.externalId} />,
      },
      {
        id: 'orders',
        header: t('member.external.orders'),
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'external-row-orders',
        value: (m) => m.orders,
      },
      { id: 'amount', header: t('member.external.amount'), kind: 'money', value: (m) => formatYuan(m.amount) },
      ...tenantColumn<ExternalMemberItem>(seesTenants(user), t('common.tenant')),
      { id: 'firstSeenAt', header: t('member.external.firstSeenAt'), kind: 'time', value: (m) => m.firstSeenAt },
      { id: 'lastSeenAt', header: t('member.external.lastSeenAt'), kind: 'time', value: (m) => m.lastSeenAt },
    ],
    [t, user],
  );
  return (
    <ListPage
      id="external-members-title"
      title={t('member.route.thirdPartyMember')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="external-search" resetTestId="external-reset">
          <TextFilter
            label={t('member.external.keyword')}
            {...field('keyword')}
            maxLength={50}
            testId="external-filter-keyword"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="external-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('member.route.thirdPartyMember')}
        columns={columns}
        {...table}
        emptyAction={
          unfiltered ? <Text data-testid="external-empty-hint">{t('member.external.empty')}</Text> : undefined
        }
        rowKey={(m) => m.id}
        rowTestId="external-row"
        testId="external-table"
      />
      <Pager {...pager} testId="external-pager" />
    </ListPage>
  );
}
