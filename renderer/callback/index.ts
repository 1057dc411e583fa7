/** The callback domain in the console: the settings and delivery log on /person and a distributor's page (no screen of its own), and its live events. */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens } from '../manifest.js';
import { accountCallbacks } from '../account/index.js';
import { tenantCallbacks } from '../tenant/index.js';
import { callbackLive } from './live.js';

/** The settings and the log, loaded when first shown: this manifest is in the first bundle, the panel is not. */
export const CallbackPanel = lazy(() => import('./CallbackPanel.js').then((m) => ({ default: m.CallbackPanel })));

export const callbackScreens = defineScreens({
  name: 'callback',
  screens: {},
  live: { callback: callbackLive },
  // A distributor's page and the distributor's own account page show its callbacks (the tenant and account domains,
  // below callbacks, declare the ports).
  provides: [provide(tenantCallbacks, CallbackPanel), provide(accountCallbacks, CallbackPanel)],
});
