/**
 * /costumeMent/bindGroup?id= (spec §2 bindGroup, code 8-1): one enterprise
 * customer — the points where its staff cards are honoured (bound ones, and
 * those of its tenant and that tenant's second-level tenants still to bind)
 * and its staff's employee prices. The tab is in the address (`&tab=`), so
 * back and reload keep it.
 */
import { Badge } from '@fluentui/react-components';
import { CODE } from '../../shared/domains.js';
import { useDetail } from '../app/detail.js';
import { DetailPage, DetailTabs, InfoList, useScreen, useTabParam } from '../kit/index.js';
import { PointsPanel } from './PointsPanel.js';
import { PricesPanel } from './PricesPanel.js';
import { CUSTOMERS_PATH } from './paths.js';

const TABS = ['points', 'prices'] as const;

export default function CustomerPage() {
  const { t } = useScreen();
  const [tab, choose] = useTabParam(TABS);
  const { gate, data, back } = useDetail('customer.info', {
    backTo: CUSTOMERS_PATH,
    backLabel: t('common.back'),
    testId: 'customer-page',
    notFoundCode: CODE.customerNotFound,
    invalidId: t('customer.account.notFound'),
  });
  if (gate) return gate;
  return (
    <DetailPage
      id="customer-page"
      title={data.name}
      back={back}
      wide
      titleTestId="customer-page-title"
      actions={
        <Badge appearance="tint" color={data.state === 'disabled' ? 'danger' : 'success'}>
          {t(`customer.account.states.${data.state}`)}
        </Badge>
      }
    >
      <InfoList
        items={[
          { label: t('customer.account.username'), value: data.username ?? '' },
          { label: t('common.tenant'), value: data.tenantName },
          {
            label: t('customer.account.buyNow'),
            value: t(data.buyNow ? 'customer.account.buyNowOn' : 'customer.account.buyNowOff'),
          },
          { label: t('customer.account.staff'), value: data.staff },
        ]}
      />
      <DetailTabs
        tabs={TABS}
        selected={tab}
        onSelect={choose}
        label={(x) => t(`customer.${x}.tab`)}
        testId="customer-page-tab"
      >
        {tab === 'points' && <PointsPanel customerId={data.id} />}
        {tab === 'prices' && <PricesPanel customerId={data.id} />}
      </DetailTabs>
    </DetailPage>
  );
}
