/**
 * The calendar of the kit's DateTimeInput: Fluent's Calendar in the console's language, weeks from
 * Monday, "today" on the business clock (China time), as every date the
 * console shows.
 */
import { Calendar, DayOfWeek, type CalendarStrings, type DateFormatting } from '@fluentui/react-calendar-compat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDay } from '../../shared/business-time.js';
import { calendarDate } from './dateText.js';

/**
 * Month and day names from the browser's locale data for the console's
 * language (Intl, not the catalogues: they are the calendar's, not ours to
 * word), and the calendar's own labels from the catalogue.
 */
function useCalendarText(): { strings: CalendarStrings; formatter: DateFormatting } {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    // One formatter per format: the day grid formats a label for each of its 42 days on every render.
    const format = (options: Intl.DateTimeFormatOptions) => {
      const formatter = new Intl.DateTimeFormat(lang, options);
      return (d: Date) => formatter.format(d);
    };
    const names = (options: Intl.DateTimeFormatOptions, dates: Date[]) => dates.map(format(options));
    const months = Array.from({ length: 12 }, (_, m) => new Date(2026, m, 1));
    // 2026-11-01 is a Sunday: the calendar's arrays start on Sunday.
    const days = Array.from({ length: 7 }, (_, d) => new Date(2026, 10, 1 + d));
    const short = names({ month: 'short' }, months);
    const long = names({ month: 'long' }, months);
    const strings: CalendarStrings = {
      // A month button shows the short name and is named by the long one: the long must contain what is shown
      // (Jan in January; Chinese's numeric short name is not in its long one, so it uses the short for both).
      months: long.every((l, i) => l.includes(short[i]!)) ? long : short,
      shortMonths: short,
      days: names({ weekday: 'long' }, days),
      shortDays: names({ weekday: 'narrow' }, days),
      goToToday: t('dateField.goToToday'),
      prevMonthAriaLabel: t('dateField.prevMonth'),
      nextMonthAriaLabel: t('dateField.nextMonth'),
      prevYearAriaLabel: t('dateField.prevYear'),
      nextYearAriaLabel: t('dateField.nextYear'),
      prevYearRangeAriaLabel: t('dateField.prevYears'),
      nextYearRangeAriaLabel: t('dateField.nextYears'),
      closeButtonAriaLabel: t('dateField.close'),
      selectedDateFormatString: t('dateField.selected'),
      todayDateFormatString: t('dateField.today'),
    };
    const formatter: DateFormatting = {
      formatDay: (d) => String(d.getDate()),
      formatYear: (d) => String(d.getFullYear()),
      // What names a month button (its text is the short name): the same choice as `months` above.
      formatMonth: (d) => strings.months[d.getMonth()]!,
      formatMonthDayYear: format({ year: 'numeric', month: 'long', day: 'numeric' }),
      formatMonthYear: format({ year: 'numeric', month: 'long' }),
    };
    return { strings, formatter };
  }, [t, lang]);
}

export default function CalendarPanel({ value, onSelect }: { value: Date | undefined; onSelect: (day: Date) => void }) {
  const { strings, formatter } = useCalendarText();
  return (
    <Calendar
      value={value}
      today={calendarDate(businessDay())}
      firstDayOfWeek={DayOfWeek.Monday}
      strings={strings}
      dateTimeFormatter={formatter}
      showGoToToday
      highlightSelectedMonth
      onSelectDate={(day) => onSelect(day)}
    />
  );
}
