/** Display formats (spec §9): dates `yyyy-mm-dd hh:mm:ss`. */
import dayjs from 'dayjs';

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** An ISO 8601 instant in local time; empty for none, the input itself when unparsable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(DATE_TIME) : iso;
}
