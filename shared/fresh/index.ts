/** Fresh food (beyond spec §3; docs/domains/fresh.md): batches with their expiry in the machines' channels. */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { freshApi } from './api.js';
import { freshMarkdownApi } from './markdown.js';
import { freshWasteApi } from './waste.js';
import { freshColdApi } from './cold.js';
import { freshQuarantineApi } from './quarantine.js';
import { freshShrinkApi } from './shrink.js';
import { freshDoorApi } from './doors.js';
import { freshMarkdownPushApi } from './markdown-push.js';
import { freshErrors } from './errors.js';
import { freshTexts } from './texts.js';
import { freshRoutes } from './routes.js';

export * from './api.js';
export * from './rules.js';
export * from './gs1.js';
export * from './markdown.js';
export * from './waste.js';
export * from './cold.js';
export * from './excursion.js';
export * from './quarantine.js';
export * from './shrink.js';
export * from './doors.js';
export * from './markdown-push.js';
export { freshErrors } from './errors.js';
export { freshTexts } from './texts.js';

export const fresh = defineDomain({
  name: 'fresh',
  api: joinApis(
    freshApi,
    freshMarkdownApi,
    freshWasteApi,
    freshColdApi,
    freshQuarantineApi,
    freshShrinkApi,
    freshDoorApi,
    freshMarkdownPushApi,
  ),
  errors: freshErrors,
  texts: freshTexts,
  powers: [],
  routes: freshRoutes,
});
