/** The member domain's screens (spec §2 member centre): member info and a member's page. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export { memberPath } from './paths.js';

export const memberScreens = defineScreens({
  name: 'member',
  screens: {
    MemberInfo: lazy(() => import('./MembersPage.js')),
    MemberDetail: lazy(() => import('./MemberPage.js')),
    ThirdPartyMember: lazy(() => import('./ExternalMembersPage.js')),
  },
});
