/**
 * The price domain's live events: a change was made, delivered, applied or
 * failed at a machine, or cancelled: its progress, the lists and the history
 * read again. Kept free of React and Fluent: it is in the first bundle.
 */
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['device.pushes', 'price.info', 'price.devices', 'price.page', 'price.history'] as const;

export const priceLive: LiveHandler = () => ({ refresh: REFRESH });
