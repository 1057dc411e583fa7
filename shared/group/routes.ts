/**
 * The customer group screens (spec §2 /marketing: group, with groudetale and
 * addgroup hidden beneath it) join the marketing group, which the activity
 * domain holds (shared/activity/routes.ts). No permission code of §2 opens them: they are the admin's and the
 * tenants' (the main set). The paths keep the spec's spelling; the names are
 * corrected English.
 */
import { detail, into, view } from '../routes/define.js';

export const groupRoutes = [
  into(
    '/marketing',
    [
      view('group', 'CustomerGroups', 'group.route.customerGroups'),
      detail('groudetale', 'GroupDetail', 'group.route.groupDetail', '/marketing/group'),
      detail('addgroup', 'AddGroup', 'group.route.addGroup', '/marketing/group'),
    ],
    'SceneMarketing',
  ),
];
