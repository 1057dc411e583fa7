/**
 * Filters of the order lists: time range, order number (whole or its first
 * digits), third-party number, payment / refund / delivery state, platform,
 * payment type, tenant. The range is typed in the business time zone (China
 * time, whatever the computer's: shared/business-time.ts) and sent as
 * instants; a range ending before it starts is refused here already.
 */
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STATES,
  PAY_PLATFORMS,
  PAY_TYPES,
  PAYMENT_STATES,
  REFUND_STATES,
  SCENE_ORDER_STATES,
  type OrderFilter,
} from '../../shared/order/index.js';
import {
  DateTimeInput,
  FilterBar,
  FilterField,
  rangeInstants,
  rangeProblems,
  TenantFilter,
  ChoiceFilter,
} from '../kit/index.js';

/** What the bar holds: the range as typed (kit DateTimeInput, `yyyy-mm-dd hh:mm:ss`), the rest as the API takes it. */
/** A yes-or-no filter (refunded automatically) offered as a choice, "all" clearing it. */
const YES_NO = ['yes', 'no'] as const;

export type OrderFilterDraft = Omit<OrderFilter, 'from' | 'to' | 'number' | 'thirdPartyNumber' | 'memberPhone'> & {
  from: string;
  to: string;
  number: string;
  thirdPartyNumber: string;
  memberPhone: string;
};
export const EMPTY_ORDER_FILTER: OrderFilterDraft = {
  from: '',
  to: '',
  number: '',
  thirdPartyNumber: '',
  memberPhone: '',
};
const PHONE = /^1[3-9]\d{9}$/;

/** The filter the API takes: empty texts left out, the business clock's times as instants (kit timeRange.ts). */
export function toOrderFilter(draft: OrderFilterDraft): OrderFilter {
  const { from, to, number, thirdPartyNumber, memberPhone, ...rest } = draft;
  const filter: OrderFilter = { ...rest, ...rangeInstants(from, to) };
  if (number.trim()) filter.number = number.trim();
  if (thirdPartyNumber.trim()) filter.thirdPartyNumber = thirdPartyNumber.trim();
  if (memberPhone.trim()) filter.memberPhone = memberPhone.trim();
  return filter;
}

/** `linked`: the linked-order list's filters (the scene state too). */
/** `payment`: a payment box's orders, which deliver nothing (no delivery filter). */
export function OrderFilters({
  onSearch,
  linked = false,
  payment = false,
}: {
  onSearch: (filter: OrderFilter) => void;
  linked?: boolean;
  payment?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OrderFilterDraft>(EMPTY_ORDER_FILTER);
  const set = (patch: Partial<OrderFilterDraft>) => setDraft((f) => ({ ...f, ...patch }));
  const range = rangeProblems(draft.from, draft.to);
  const badNumber = draft.number.trim() !== '' && !/^\d{1,20}$/.test(draft.number.trim());
  const badPhone = draft.memberPhone.trim() !== '' && !PHONE.test(draft.memberPhone.trim());
  return (
    <FilterBar
      onSearch={() => {
        if (!range.from && !range.to && !badNumber && !badPhone) onSearch(toOrderFilter(draft));
      }}
      onReset={() => {
        setDraft(EMPTY_ORDER_FILTER);
        onSearch({});
      }}
      searchTestId="order-search"
      resetTestId="order-reset"
    >
      <FilterField label={t('order.list.from')} time error={range.from && t(range.from)}>
        <DateTimeInput value={draft.from} onChange={(from) => set({ from })} testId="order-filter-from" />
      </FilterField>
      <FilterField label={t('order.list.to')} time error={range.to && t(range.to)}>
        <DateTimeInput value={draft.to} end onChange={(to) => set({ to })} testId="order-filter-to" />
      </FilterField>
      <FilterField
        label={t('order.list.number')}
        error={badNumber ? t('order.validation.number') : undefined}
        shown={draft.number}
      >
        <Input
          value={draft.number}
          maxLength={20}
          inputMode="numeric"
          placeholder={t('order.list.numberPlaceholder')}
          onChange={(_, d) => set({ number: d.value })}
          data-testid="order-filter-number"
        />
      </FilterField>
      <FilterField label={t('order.list.thirdPartyNumber')} shown={draft.thirdPartyNumber}>
        <Input
          value={draft.thirdPartyNumber}
          maxLength={64}
          onChange={(_, d) => set({ thirdPartyNumber: d.value })}
          data-testid="order-filter-third"
        />
      </FilterField>
      <ChoiceFilter
        label={t('order.list.paymentState')}
        value={draft.paymentState}
        options={PAYMENT_STATES}
        optionLabel={(v) => t(`order.payment.${v}`)}
        onChange={(paymentState) => set({ paymentState })}
        testId="order-filter-payment"
      />
      <ChoiceFilter
        label={t('order.list.refundState')}
        value={draft.refundState}
        options={REFUND_STATES}
        optionLabel={(v) => t(`order.refund.${v}`)}
        onChange={(refundState) => set({ refundState })}
        testId="order-filter-refund"
      />
      {!payment && (
        <ChoiceFilter
          label={t('order.list.deliveryState')}
          value={draft.deliveryState}
          options={DELIVERY_STATES}
          optionLabel={(v) => t(`order.delivery.${v}`)}
          onChange={(deliveryState) => set({ deliveryState })}
          testId="order-filter-delivery"
        />
      )}
      {!payment && !linked && (
        <ChoiceFilter
          label={t('order.list.autoRefunded')}
          value={draft.autoRefunded === undefined ? undefined : draft.autoRefunded ? 'yes' : 'no'}
          options={YES_NO}
          optionLabel={(v) => t(`order.list.${v}`)}
          onChange={(v) => set({ autoRefunded: v === undefined ? undefined : v === 'yes' })}
          testId="order-filter-auto-refunded"
        />
      )}
      {linked && (
        <ChoiceFilter
          label={t('order.list.sceneState')}
          value={draft.sceneState}
          options={SCENE_ORDER_STATES}
          optionLabel={(v) => t(`order.scene.${v}`)}
          onChange={(sceneState) => set({ sceneState })}
          testId="order-filter-scene"
        />
      )}
      <ChoiceFilter
        label={t('order.list.platform')}
        value={draft.platform}
        options={PAY_PLATFORMS}
        optionLabel={(v) => t(`order.platform.${v}`)}
        onChange={(platform) => set({ platform })}
        testId="order-filter-platform"
      />
      <ChoiceFilter
        label={t('order.list.payType')}
        value={draft.paymentType}
        options={PAY_TYPES}
        optionLabel={(v) => t(`order.payType.${v}`)}
        onChange={(paymentType) => set({ paymentType })}
        testId="order-filter-paytype"
      />
      <ChoiceFilter
        label={t('order.list.coupon')}
        value={draft.coupon === undefined ? undefined : draft.coupon ? 'yes' : 'no'}
        options={YES_NO}
        optionLabel={(v) => t(`order.list.${v}`)}
        onChange={(v) => set({ coupon: v === undefined ? undefined : v === 'yes' })}
        testId="order-filter-coupon"
      />
      <FilterField
        label={t('order.list.memberPhone')}
        error={badPhone ? t('validation.phone') : undefined}
        shown={draft.memberPhone}
      >
        <Input
          value={draft.memberPhone}
          maxLength={11}
          inputMode="numeric"
          onChange={(_, d) => set({ memberPhone: d.value })}
          data-testid="order-filter-member-phone"
        />
      </FilterField>
      <TenantFilter
        label={t('common.tenant')}
        value={draft.tenantId}
        onChange={(tenantId) => set({ tenantId })}
        testId="order-filter-tenant"
      />
    </FilterBar>
  );
}
