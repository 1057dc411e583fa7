/**
 * Fresh food follows its machines' live events (the device domain's topic):
 * a fridge that left its range, or channels locked and unlocked, read the
 * temperature board again where it is open. Kept free of React and Fluent:
 * it is in the first bundle.
 */
import type { LiveHandler } from '../manifest.js';

const COLD = new Set(['temperatureExcursion', 'locked', 'unlocked']);
const REFRESH = ['fresh.fridges', 'fresh.excursions', 'fresh.fridgeDay'] as const;

export const freshDeviceLive: LiveHandler = (data) => {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return { refresh: typeof kind === 'string' && COLD.has(kind) ? REFRESH : [] };
};
