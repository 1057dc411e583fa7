/**
 * /tenant/distributor?id= (beyond the spec, from the distributor list): one
 * distributor with its settings in tabs — information (edit, reset the
 * password), payment settings, member config, device callbacks with the
 * delivery log, its products and its devices (read only; handing devices over
 * is devBind's). The tab is in the address (`&tab=`), so back and reload
 * keep it.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular, KeyResetRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { CODE } from '../../shared/domains.js';
import type { TenantDetail } from '../../shared/tenant/index.js';
import { useDetail } from '../app/detail.js';
import { formatDateTime } from '../app/format.js';
import { DetailPage, DetailTabs, InfoList, useScreen, useTabParam } from '../kit/index.js';
import { tenantCallbacks, tenantDevices, tenantPaymentForm, tenantProducts } from './ports.js';
import { EditDistributorDialog, expiryText, MemberConfigDialog, ResetPasswordDialog } from './DistributorDialogs.js';
import { DISTRIBUTORS_PATH } from './paths.js';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const TABS = ['info', 'payment', 'member', 'callbacks', 'products', 'devices'] as const;

export default function DistributorPage() {
  const { t } = useScreen();
  const [tab, choose] = useTabParam(TABS);
  const Callbacks = tenantCallbacks.use();
  const Products = tenantProducts.use();
  const PaymentForm = tenantPaymentForm.use();
  const Devices = tenantDevices.use();
  const { gate, data, back } = useDetail('tenant.detail', {
    backTo: DISTRIBUTORS_PATH,
    backLabel: t('common.back'),
    testId: 'distributor',
    notFoundCode: CODE.tenantNotFound,
    invalidId: t('tenant.devices.noTenant'),
  });
  if (gate) return gate;
  return (
    <DetailPage
      id="distributor"
      title={data.name}
      back={back}
      wide
      titleTestId="distributor-title"
      actions={
        <Badge appearance="tint" color={data.disabled ? 'danger' : 'success'}>
          {t(data.disabled ? 'tenant.people.states.disabled' : 'tenant.people.states.enabled')}
        </Badge>
      }
    >
      <DetailTabs
        tabs={TABS}
        selected={tab}
        onSelect={choose}
        label={(x) => t(`tenant.page.tabs.${x}`)}
        testId="distributor-tab"
      >
        {tab === 'info' && <Information tenant={data} />}
        {tab === 'payment' && <PaymentForm tenantId={data.tenantId} history />}
        {tab === 'member' && <Member tenant={data} />}
        {tab === 'callbacks' && <Callbacks tenantId={data.tenantId} />}
        {tab === 'products' && <Products tenantId={data.tenantId} />}
        {tab === 'devices' && <Devices tenant={data} />}
      </DetailTabs>
    </DetailPage>
  );
}

function Information({ tenant }: { tenant: TenantDetail }) {
  const { t } = useScreen();
  const styles = useStyles();
  const [dialog, setDialog] = useState<'edit' | 'reset' | null>(null);
  return (
    <>
      <InfoList
        items={[
          { label: t('tenant.people.name'), value: tenant.name },
          { label: t('tenant.people.username'), value: tenant.username ?? '', testId: 'distributor-username' },
          { label: t('tenant.people.contact'), value: tenant.contact },
          { label: t('tenant.people.parent'), value: tenant.parentName ?? t('tenant.people.parentNone') },
          { label: t('tenant.people.devices'), value: tenant.devices },
          { label: t('tenant.people.children'), value: tenant.children },
          { label: t('tenant.people.createdAt'), value: formatDateTime(tenant.createdAt) },
        ]}
      />
      <div className={styles.row}>
        <Button icon={<EditRegular />} onClick={() => setDialog('edit')} data-testid="distributor-page-edit">
          {t('tenant.people.edit')}
        </Button>
        <Button icon={<KeyResetRegular />} onClick={() => setDialog('reset')} data-testid="distributor-page-reset">
          {t('tenant.people.resetPassword')}
        </Button>
      </div>
      {dialog === 'edit' && <EditDistributorDialog tenant={tenant} onClose={() => setDialog(null)} />}
      {dialog === 'reset' && <ResetPasswordDialog tenant={tenant} onClose={() => setDialog(null)} />}
    </>
  );
}

function Member({ tenant }: { tenant: TenantDetail }) {
  const { t } = useScreen();
  const [editing, setEditing] = useState(false);
  const m = tenant.memberConfig;
  return (
    <>
      <InfoList
        items={[
          {
            label: t('tenant.people.cardName'),
            value: m.cardName || t('tenant.page.none'),
            testId: 'distributor-card-name',
          },
          { label: t('tenant.people.members'), value: t(m.members ? 'tenant.page.on' : 'tenant.page.off') },
          { label: t('tenant.people.points'), value: t(m.points ? 'tenant.page.on' : 'tenant.page.off') },
          { label: t('tenant.people.pointsExpiry'), value: expiryText(t, m.pointsExpiryMonths) },
        ]}
      />
      <div>
        <Button icon={<EditRegular />} onClick={() => setEditing(true)} data-testid="distributor-page-member">
          {t('tenant.page.editMember')}
        </Button>
      </div>
      {editing && <MemberConfigDialog tenant={tenant} current={m} onClose={() => setEditing(false)} />}
    </>
  );
}
