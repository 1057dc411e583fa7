/**
 * The fresh food screens (beyond spec §2: docs/domains/fresh.md): a menu
 * group after the other screens beyond the spec (the operation log), before
 * the enterprise customers', for the admin and the tenants (a member's code
 * opens only its own domain's screens, and no code of spec §2 is fresh food's).
 */
import { detail, group, view } from '../routes/define.js';

export const freshRoutes = [
  group(
    108,
    '/freshFood',
    { title: 'fresh.route.freshFood', icon: 'fresh' },
    [
      view('batches', 'FreshBatches', 'fresh.route.batches'),
      view('markdowns', 'FreshMarkdowns', 'fresh.route.markdowns'),
      detail('markdowns/push', 'FreshMarkdownPush', 'fresh.route.markdownPush', '/freshFood/markdowns'),
      view('waste', 'FreshWaste', 'fresh.route.waste'),
      view('shrink', 'FreshShrink', 'fresh.route.shrink'),
      view('doors', 'FreshDoors', 'fresh.route.doors'),
      view('temperatures', 'FreshTemperatures', 'fresh.route.temperatures'),
      view('quarantine', 'FreshQuarantine', 'fresh.route.quarantine'),
    ],
    { alwaysShow: true },
  ),
];
