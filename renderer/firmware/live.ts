/**
 * The firmware domain's live events: a rollout moved (a device took a step,
 * a stage started, it stopped itself): its progress and the lists showing it
 * read again. Kept free of React and Fluent: it is in the first bundle.
 */
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['device.pushes', 'firmware.rolloutInfo', 'firmware.rolloutJobs', 'firmware.rolloutPage'] as const;

export const firmwareLive: LiveHandler = () => ({ refresh: REFRESH });
