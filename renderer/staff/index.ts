/** The staff domain's screens (spec §2 /atManagement): members, roles and a role's form. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const staffScreens = defineScreens({
  name: 'staff',
  screens: {
    StaffManagement: lazy(() => import('./MembersPage.js')),
    Roles: lazy(() => import('./RolesPage.js')),
    AddRole: lazy(() => import('./RoleFormPage.js')),
  },
});
