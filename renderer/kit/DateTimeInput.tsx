/**
 * The kit's date and time field: one text box in the spec's
 * `yyyy-mm-dd hh:mm:ss` (or `yyyy-mm-dd`), whatever the browser's or the
 * computer's format, with Fluent's calendar beside it in the console's
 * language, weeks from Monday. What is typed is tidied into that form when
 * the field is left (2026/11/5 8:30 → 2026-11-05 08:30:00); what is no date
 * stays as typed for the screen to refuse (dateText.ts `parseDateText`).
 * The calendar only ever sets the day: a time typed is kept. Its "today" is
 * the business clock's (China time), as every date the console shows.
 */
import {
  Button,
  Input,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  type InputProps,
} from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
// Not a lazy chunk: as one, the calendar split a 21 KB chunk off the sign-in page's shared code (+3 KB gzip there).
import CalendarPanel from './CalendarPanel.js';
import { useFilterShown } from './FilterBar.js';
import { calendarDate, parseDateText, withCalendarDay, type DateTextMode } from './dateText.js';

const useStyles = makeStyles({
  // Room for `yyyy-mm-dd hh:mm:ss` and the calendar button.
  datetime: { minWidth: '210px' },
  date: { minWidth: '150px' },
});

export interface DateTimeInputProps extends Pick<
  InputProps,
  'id' | 'className' | 'disabled' | 'aria-invalid' | 'aria-describedby' | 'aria-labelledby'
> {
  /** The text shown: canonical once tidied, else as typed; '' for none. */
  value: string;
  onChange: (value: string) => void;
  mode?: DateTextMode;
  /** A range's end: a day or minute typed alone reaches to its end (23:59:59). */
  end?: boolean;
  testId?: string;
  /** After the text is tidied on leaving the field (a form marks it touched). */
  onBlur?: () => void;
  /** The text box (a form focuses the first field in error). */
  ref?: Ref<HTMLInputElement>;
}

export function DateTimeInput({
  value,
  onChange,
  mode = 'datetime',
  end = false,
  testId,
  className,
  disabled,
  ref,
  onBlur,
  ...aria
}: DateTimeInputProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  useFilterShown(value);
  const tidy = () => {
    const canonical = parseDateText(value, mode, end);
    if (canonical && canonical !== value) onChange(canonical);
  };
  const picked = calendarDate(parseDateText(value, mode, end) ?? '');

  return (
    <Input
      {...aria}
      ref={ref}
      className={className ?? styles[mode]}
      value={value}
      disabled={disabled}
      placeholder={mode === 'date' ? t('dateField.placeholderDate') : t('dateField.placeholder')}
      onChange={(_, d) => onChange(d.value)}
      onBlur={() => {
        tidy();
        onBlur?.();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') tidy();
      }}
      data-testid={testId}
      contentAfter={
        // Inline: the calendar follows its button in the tab order (a portal would put it at the page's end).
        <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" inline>
          <PopoverTrigger disableButtonEnhancement>
            <Button
              appearance="transparent"
              size="small"
              icon={<CalendarRegular />}
              disabled={disabled}
              aria-label={t('dateField.pick')}
              data-testid={testId ? `${testId}-calendar` : undefined}
            />
          </PopoverTrigger>
          <PopoverSurface data-testid={testId ? `${testId}-calendar-panel` : undefined}>
            <CalendarPanel
              value={picked}
              onSelect={(day) => {
                onChange(withCalendarDay(value, day, mode, end));
                setOpen(false);
              }}
            />
          </PopoverSurface>
        </Popover>
      }
    />
  );
}
