/**
 * The dashboard's period: the spec's shortcuts (today, yesterday, last 7
 * days, this month) and a custom range of business days, checked here with
 * the upstream's own schema before it is asked (the upstream checks again).
 * Errors appear on Apply, in space kept for them, so nothing moves under the
 * pointer while the user types.
 */
import { Button, Field, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardRange, type DashboardRange } from '../../shared/dashboard/index.js';
import { DateTimeInput, parseDateText } from '../kit/index.js';
import { rangeOf, SHORTCUTS, type Shortcut } from './range.js';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Five shortcuts do not fit a narrow window on one line.
  tabs: { flexWrap: 'wrap' },
  custom: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  field: { width: '12em' },
  apply: { marginTop: '22px' },
});

export interface Period {
  shortcut: Shortcut;
  range: DashboardRange;
}

export function RangeBar({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState<DashboardRange>(period.range);
  const [errors, setErrors] = useState<Partial<Record<keyof DashboardRange, string>>>({});

  const pick = (shortcut: Shortcut) => {
    if (shortcut === 'custom') {
      setDraft(period.range);
      onChange({ shortcut, range: period.range });
    } else {
      setErrors({});
      onChange({ shortcut, range: rangeOf(shortcut) });
    }
  };
  const apply = () => {
    // Enter may submit before the field has tidied what was typed (2026/11/5): read it tidied.
    const tidy = (day: string) => parseDateText(day, 'date') ?? day;
    const parsed = dashboardRange.safeParse({ from: tidy(draft.from), to: tidy(draft.to) });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'from'), t(i.message as never)])),
      );
      return;
    }
    setErrors({});
    onChange({ shortcut: 'custom', range: parsed.data });
  };

  return (
    <div className={styles.bar} role="group" aria-label={t('dashboard.range.label')}>
      <TabList
        className={styles.tabs}
        selectedValue={period.shortcut}
        onTabSelect={(_, d) => pick(d.value as Shortcut)}
        aria-label={t('dashboard.range.label')}
      >
        {SHORTCUTS.map((s) => (
          <Tab key={s} value={s} data-testid={`range-${s}`}>
            {t(`dashboard.range.${s}`)}
          </Tab>
        ))}
      </TabList>
      {period.shortcut === 'custom' && (
        <form
          className={styles.custom}
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Field
            label={t('dashboard.range.from')}
            validationMessage={errors.from ?? ' '}
            validationState={errors.from ? 'error' : 'none'}
            className={styles.field}
          >
            <DateTimeInput
              mode="date"
              value={draft.from}
              onChange={(from) => setDraft((d) => ({ ...d, from }))}
              testId="range-from"
            />
          </Field>
          <Field
            label={t('dashboard.range.to')}
            validationMessage={errors.to ?? ' '}
            validationState={errors.to ? 'error' : 'none'}
            className={styles.field}
          >
            <DateTimeInput
              mode="date"
              value={draft.to}
              onChange={(to) => setDraft((d) => ({ ...d, to }))}
              testId="range-to"
            />
          </Field>
          <Button type="submit" appearance="primary" className={styles.apply} data-testid="range-apply">
            {t('dashboard.range.apply')}
          </Button>
        </form>
      )}
    </div>
  );
}
