/**
 * Fresh food in the console (docs/domains/fresh.md): /freshFood/batches, and
 * the refill of perishable goods that asks each batch's expiry — the device
 * domain's `refillBatches` port, drawn when a refill needs it.
 */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { markdownPushPage, refillBatches } from '../device/index.js';
import { defineScreens, preloadable } from '../manifest.js';
import { freshDeviceLive } from './live.js';
import { markdownPushPath } from './paths.js';

export const freshScreens = defineScreens({
  name: 'fresh',
  // A fridge's excursion and its channels' locks read the temperature board again (live.ts).
  live: { device: freshDeviceLive },
  provides: [
    provide(
      refillBatches,
      lazy(() => import('./RefillDialog.js')),
    ),
    // The fleet's view of pushes opens a markdown send on its progress page.
    provide(markdownPushPage, markdownPushPath),
  ],
  screens: {
    FreshBatches: preloadable(() => import('./BatchesPage.js')),
    FreshMarkdowns: preloadable(() => import('./MarkdownsPage.js')),
    FreshMarkdownPush: preloadable(() => import('./MarkdownPushPage.js')),
    FreshWaste: preloadable(() => import('./WastePage.js')),
    FreshShrink: preloadable(() => import('./ShrinkPage.js')),
    FreshDoors: preloadable(() => import('./DoorsPage.js')),
    FreshTemperatures: preloadable(() => import('./TemperaturesPage.js')),
    FreshQuarantine: preloadable(() => import('./QuarantinePage.js')),
  },
});
