/**
 * The delivery log follows the callback topic: each attempt at a delivery
 * refreshes it. Kept free of React and Fluent: it is in the first bundle.
 */
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['callback.deliveries'] as const;

export const callbackLive: LiveHandler = () => ({ refresh: REFRESH });
