/**
 * /memberCenter/thirdPartyMember (spec §2 members of a third-party member
 * programme): the members of other loyalty programmes (a mall's, a card
 * scheme's) that the user's tenants' sales named, with how many sales and
 * what they came to — what the other programme is reconciled against; by
 * member id or programme and tenant, most recently seen first.
 */
import { useMemo } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { ExternalMemberItem } from '../../shared/member/index.js';
import {
  OverflowText,
  ResourceList,
  TenantFilter,
  TextFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';

interface Filter {
  keyword: string;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { keyword: '' };

export default function ExternalMembersPage() {
  const { t } = useScreen();
  const members = useResource('member.externalPage', { ns: 'member.external', testId: 'external', empty: EMPTY });
  const { column, source, tenantColumn } = members;
  const columns = useMemo<Column<ExternalMemberItem>[]>(
    () => [
      column('programme', { minWidth: 110, width: 160, render: (m) => <OverflowText text={m.programme} /> }),
      column('externalId', {
        minWidth: 120,
        width: 200,
        grow: 1,
        hideable: false,
        cellTestId: 'external-row-id',
        render: (m) => <OverflowText text={m.externalId} />,
      }),
      column('orders', {
        kind: 'number',
        minWidth: 70,
        width: 80,
        cellTestId: 'external-row-orders',
        value: (m) => m.orders,
      }),
      column('amount', { kind: 'money', value: (m) => formatYuan(m.amount) }),
      ...tenantColumn(),
      column('firstSeenAt', { kind: 'time', value: (m) => m.firstSeenAt }),
      column('lastSeenAt', { kind: 'time', value: (m) => m.lastSeenAt }),
    ],
    [column, tenantColumn],
  );
  return (
    <ResourceList
      resource={members}
      title={t('member.route.thirdPartyMember')}
      columns={columns}
      rowKey={(m) => m.id}
      emptyHint={t('member.external.empty')}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}
