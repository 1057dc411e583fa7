/**
 * /freshFood/waste (beyond spec §2; docs/domains/fresh.md): what was thrown
 * away, per month, machine and product — units, their value at the channel's
 * price, how many removals and why — by month, tenant or device.
 */
import { useMemo } from 'react';
import type { WasteReason, WasteRow } from '../../shared/fresh/index.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  TenantFilter,
  useResource,
  ExportButton,
  filterBody,
  useScreen,
  type Column,
} from '../kit/index.js';
import { callOp } from '../bridge.js';
import { currentLang } from '../i18n/index.js';
import { lastMonths } from './months.js';

interface Filter {
  month?: string | undefined;
  tenantId?: number | undefined;
}

export default function WastePage() {
  const { t } = useScreen();
  const months = useMemo(lastMonths, []);
  const empty = useMemo<Filter>(() => ({ month: months[0] }), [months]);
  const waste = useResource('fresh.waste', { ns: 'fresh.waste', testId: 'fresh-waste', empty });
  const { column, source, tenantColumn, filter } = waste;
  const columns = useMemo<Column<WasteRow>[]>(
    () => [
      column('month', { value: (r) => r.month, minWidth: 80, width: 90 }),
      column('device', { render: (r) => <OverflowText text={r.deviceName} />, minWidth: 140, width: 200, grow: 1 }),
      column('product', {
        render: (r) => <OverflowText text={r.productName} />,
        minWidth: 120,
        width: 180,
        grow: 1,
        testId: true,
      }),
      column('units', { kind: 'number', value: (r) => r.units, testId: true }),
      column('value', { kind: 'money', value: (r) => r.value, testId: true }),
      column('removals', { kind: 'number', value: (r) => r.removals }),
      column('reasons', {
        minWidth: 120,
        width: 180,
        value: (r) => r.reasons.map((x: WasteReason) => t(`fresh.waste.why.${x}`)).join(t('common.listSeparator')),
      }),
      ...tenantColumn({ width: 140 }),
    ],
    [t, column, tenantColumn],
  );
  return (
    <ResourceList
      resource={waste}
      columns={columns}
      rowKey={(r) => `${r.month}-${r.deviceId}-${r.productId}`}
      intro={t('fresh.waste.intro')}
      actions={
        <ExportButton
          make={() => callOp('fresh.wasteExport', { query: { lang: currentLang() }, body: filterBody(filter) })}
          saved={(count) => t('fresh.waste.exported', { count })}
          testId="fresh-waste-export"
        >
          {t('fresh.waste.export')}
        </ExportButton>
      }
      filters={
        <>
          <ChoiceFilter {...source('month')} options={months} optionLabel={(m) => m} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}
