/** Filters of the device list: keyword (name or serial), type, online, activation, lock, allocation, tenant. */
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOCATION_STATES, DEVICE_TYPES, type DeviceFilter } from '../../shared/device/index.js';
import { Choice, FilterBar, FilterField, TenantFilter, ChoiceFilter } from '../kit/index.js';

export type DeviceFilterState = Omit<DeviceFilter, 'keyword'> & { keyword: string };
export const EMPTY_DEVICE_FILTER: DeviceFilterState = { keyword: '' };

const YES_NO = ['yes', 'no'] as const;
const toFlag = (v: 'yes' | 'no' | undefined) => (v === undefined ? undefined : v === 'yes');
const fromFlag = (v: boolean | undefined) => (v === undefined ? undefined : v ? ('yes' as const) : ('no' as const));

/** `pool`: the device pool's filters (who holds the device: the pool or a tenant). */
export function DeviceFilters({
  onSearch,
  pool = false,
}: {
  onSearch: (filter: DeviceFilterState) => void;
  pool?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DeviceFilterState>(EMPTY_DEVICE_FILTER);
  const set = (patch: Partial<DeviceFilterState>) => setDraft((f) => ({ ...f, ...patch }));
  const all = t('common.all');
  const flag = (key: 'online' | 'activated' | 'locked', yes: string, no: string) => (
    <Choice
      value={fromFlag(draft[key])}
      options={YES_NO}
      label={(v) => (v === 'yes' ? yes : no)}
      all={all}
      onChange={(v) => set({ [key]: toFlag(v) })}
      testId={`device-filter-${key}`}
    />
  );
  return (
    <FilterBar
      onSearch={() => onSearch({ ...draft, keyword: draft.keyword.trim() })}
      onReset={() => {
        setDraft(EMPTY_DEVICE_FILTER);
        onSearch(EMPTY_DEVICE_FILTER);
      }}
      searchTestId="device-search"
      resetTestId="device-reset"
    >
      <FilterField label={t('device.list.keyword')} shown={draft.keyword}>
        <Input
          value={draft.keyword}
          maxLength={50}
          placeholder={t('device.list.keywordPlaceholder')}
          onChange={(_, d) => set({ keyword: d.value })}
          data-testid="device-filter-keyword"
        />
      </FilterField>
      {pool && (
        <ChoiceFilter
          label={t('device.pool.holder')}
          value={fromFlag(draft.inPool)}
          options={YES_NO}
          optionLabel={(v) => t(v === 'yes' ? 'device.pool.inPool' : 'device.pool.withTenant')}
          onChange={(v) => set({ inPool: toFlag(v) })}
          testId="device-filter-inPool"
        />
      )}
      <TenantFilter
        label={t('common.tenant')}
        value={draft.tenantId}
        onChange={(tenantId) => set({ tenantId })}
        testId="device-filter-tenant"
      />
      <ChoiceFilter
        label={t('device.type')}
        value={draft.type}
        options={DEVICE_TYPES}
        optionLabel={(v) => t(`device.types.${v}`)}
        onChange={(type) => set({ type })}
        testId="device-filter-type"
      />
      <FilterField label={t('device.onlineState')}>
        {flag('online', t('device.online'), t('device.offline'))}
      </FilterField>
      <FilterField label={t('device.activation')}>
        {flag('activated', t('device.activated'), t('device.notActivated'))}
      </FilterField>
      <FilterField label={t('device.list.lock')}>
        {flag('locked', t('device.list.locked'), t('device.list.unlocked'))}
      </FilterField>
      <ChoiceFilter
        label={t('device.list.allocation')}
        value={draft.allocation}
        options={ALLOCATION_STATES}
        optionLabel={(v) => t(`device.list.allocations.${v}`)}
        onChange={(allocation) => set({ allocation })}
        testId="device-filter-allocation"
      />
    </FilterBar>
  );
}
