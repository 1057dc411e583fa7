/** The staff domain's screens (spec §2 /atManagement): members, roles and a role's form. */
import { defineScreens, preloadable } from '../manifest.js';

export const staffScreens = defineScreens({
  name: 'staff',
  screens: {
    StaffManagement: preloadable(() => import('./MembersPage.js')),
    Roles: preloadable(() => import('./RolesPage.js')),
    AddRole: preloadable(() => import('./RoleFormPage.js')),
  },
});
