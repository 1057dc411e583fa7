/** The months a fresh food report offers (waste, shrink): this business month and the eleven before it, newest first. */
import { addDays, businessDay, monthStart } from '../../shared/business-time.js';

export function lastMonths(): string[] {
  const out: string[] = [];
  let day = monthStart(businessDay());
  for (let i = 0; i < 12; i++) {
    out.push(day.slice(0, 7));
    day = monthStart(addDays(day, -1));
  }
  return out;
}
