/**
 * A behaviour group's conditions (shared/group/behaviour.ts) as the form
 * edits them: the window in days, then one to four conditions — bought at
 * these devices or points, spent at least an amount, bought one of these
 * products, or stopped buying — each chosen from the tenant's own devices,
 * points and products; and beside them the size the rule finds now (the
 * upstream counts it as the form changes, a moment after the last change).
 */
import { Button, Dropdown, Field, Input, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTime, formatYuan, parseYuan, yuanInput } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import {
  BEHAVIOUR_KINDS,
  BEHAVIOUR_LIMITS,
  behaviourRule,
  type BehaviourCondition,
  type BehaviourKind,
  type BehaviourRule,
} from '../../shared/group/index.js';
import { useOp } from '../bridge.js';
import { forTenant, MultiPick, productOption, useScreen, useSettled } from '../kit/index.js';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  condition: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  kind: { flexGrow: 1, minWidth: 0 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  days: { maxWidth: '160px' },
  preview: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A new condition of a kind, empty. */
export const emptyCondition = (kind: BehaviourKind): BehaviourCondition =>
  kind === 'boughtAt'
    ? { kind, deviceIds: [], pointIds: [] }
    : kind === 'spent'
      ? { kind, minFen: 10_000 }
      : kind === 'boughtProduct'
        ? { kind, productIds: [] }
        : { kind };
export const DEFAULT_RULE: BehaviourRule = { days: 30, conditions: [emptyCondition('boughtAt')] };

export interface BehaviourEditorProps {
  value: BehaviourRule;
  onChange: (rule: BehaviourRule) => void;
  /** The tenant whose devices, points and products are offered (undefined: the admin has not chosen one yet). */
  tenantId: number | undefined;
  /** Whether the user names the tenant (the admin): nothing is offered until it has. */
  tenantNeeded: boolean;
  error?: string | undefined;
}

const daysValid = (days: number) => Number.isInteger(days) && days >= 1 && days <= BEHAVIOUR_LIMITS.days;

export function BehaviourEditor({ value, onChange, tenantId, tenantNeeded, error }: BehaviourEditorProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const ready = !tenantNeeded || tenantId !== undefined;
  const choices = useOp('group.behaviourChoices', { body: forTenant(tenantId) }, { enabled: ready, staleTime: 60_000 });
  const settled = useSettled(value, 400);
  const checked = behaviourRule.safeParse(settled);
  const preview = useOp(
    'group.preview',
    { body: { ...forTenant(tenantId), behaviour: checked.success ? checked.data : settled } },
    { enabled: ready && checked.success, placeholderData: keepPreviousData, staleTime: 0 },
  );
  const set = (index: number, condition: BehaviourCondition) =>
    onChange({ ...value, conditions: value.conditions.map((c, i) => (i === index ? condition : c)) });

  return (
    <div className={styles.editor} data-testid="group-behaviour">
      <Field
        label={t('group.behaviour.days')}
        required
        className={styles.days}
        // Said at once: a window of 0 days (or none) previews nothing and would only be refused at save.
        validationMessage={daysValid(value.days) ? undefined : t('group.validation.days')}
      >
        <Input
          type="number"
          min={1}
          max={BEHAVIOUR_LIMITS.days}
          value={Number.isFinite(value.days) ? String(value.days) : ''}
          onChange={(_, d) => onChange({ ...value, days: d.value === '' ? Number.NaN : Number(d.value) })}
          contentAfter={<Text>{t('group.behaviour.dayUnit')}</Text>}
          data-testid="group-behaviour-days"
        />
      </Field>
      {value.conditions.map((condition, index) => (
        <div key={index} className={styles.condition} data-testid="group-behaviour-condition">
          <div className={styles.head}>
            <Dropdown
              className={styles.kind}
              aria-label={t('group.behaviour.kind')}
              value={t(`group.behaviour.kinds.${condition.kind}`)}
              selectedOptions={[condition.kind]}
              onOptionSelect={(_, d) => set(index, emptyCondition(d.optionValue as BehaviourKind))}
              data-testid="group-behaviour-kind"
            >
              {BEHAVIOUR_KINDS.map((kind) => (
                <Option key={kind} value={kind}>
                  {t(`group.behaviour.kinds.${kind}`)}
                </Option>
              ))}
            </Dropdown>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={value.conditions.length === 1}
              aria-label={t('group.behaviour.remove')}
              onClick={() => onChange({ ...value, conditions: value.conditions.filter((_, i) => i !== index) })}
              data-testid="group-behaviour-remove"
            />
          </div>
          <div className={styles.fields}>
            <ConditionFields
              // A new kind starts its own fields afresh (the amount as typed is the field's own state).
              key={condition.kind}
              condition={condition}
              days={value.days}
              choices={choices.data}
              onChange={(c) => set(index, c)}
            />
          </div>
        </div>
      ))}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={value.conditions.length >= BEHAVIOUR_LIMITS.conditions}
          onClick={() => onChange({ ...value, conditions: [...value.conditions, emptyCondition('spent')] })}
          data-testid="group-behaviour-add"
        >
          {t('group.behaviour.add')}
        </Button>
      </div>
      {error && (
        <Text role="alert" className={styles.error} data-testid="group-behaviour-error">
          {error}
        </Text>
      )}
      <Text className={styles.preview} aria-live="polite" data-testid="group-behaviour-preview">
        {!ready
          ? t('group.behaviour.chooseTenant')
          : !checked.success
            ? t('group.behaviour.previewIncomplete')
            : preview.isError
              ? t('group.behaviour.previewFailed')
              : preview.data
                ? t('group.behaviour.preview', {
                    count: preview.data.size,
                    at: formatTime(preview.data.computedAt),
                  })
                : ''}
        {preview.isFetching && <Spinner size="extra-tiny" as="span" />}
      </Text>
    </div>
  );
}

type Choices = ReturnType<typeof useOp<'group.behaviourChoices'>>['data'];

function ConditionFields({
  condition,
  days,
  choices,
  onChange,
}: {
  condition: BehaviourCondition;
  days: number;
  choices: Choices;
  onChange: (condition: BehaviourCondition) => void;
}) {
  const { t } = useScreen();
  const [amount, setAmount] = useState(condition.kind === 'spent' ? yuanInput(condition.minFen) : '');
  switch (condition.kind) {
    case 'boughtAt':
      return (
        <>
          <MultiPick
            placeholder={t('group.behaviour.none')}
            label={t('group.behaviour.devices')}
            options={(choices?.devices ?? []).map((d) => ({ id: d.id, text: deviceLabel(d) }))}
            value={condition.deviceIds}
            onChange={(deviceIds) => onChange({ ...condition, deviceIds })}
            testId="group-behaviour-devices"
          />
          <MultiPick
            placeholder={t('group.behaviour.none')}
            label={t('group.behaviour.points')}
            options={(choices?.points ?? []).map((p) => ({ id: p.id, text: p.name }))}
            value={condition.pointIds}
            onChange={(pointIds) => onChange({ ...condition, pointIds })}
            testId="group-behaviour-points"
          />
        </>
      );
    case 'spent':
      return (
        <Field label={t('group.behaviour.minYuan')}>
          <Input
            value={amount}
            contentBefore={<Text>¥</Text>}
            onChange={(_, d) => {
              setAmount(d.value);
              onChange({ ...condition, minFen: parseYuan(d.value) ?? Number.NaN });
            }}
            data-testid="group-behaviour-amount"
          />
        </Field>
      );
    case 'boughtProduct':
      return (
        <MultiPick
          placeholder={t('group.behaviour.none')}
          label={t('group.behaviour.products')}
          options={(choices?.products ?? []).map((p) => productOption(p, formatYuan(p.price)))}
          value={condition.productIds}
          onChange={(productIds) => onChange({ ...condition, productIds })}
          testId="group-behaviour-products"
        />
      );
    case 'lapsed':
      return <Text>{t('group.behaviour.lapsedHint', { days: Number.isFinite(days) ? days : '—' })}</Text>;
  }
}
