/** The member domain's screens (spec §2 member centre): member info and a member's page. */
import { defineScreens, preloadable } from '../manifest.js';

export { memberPath } from './paths.js';

export const memberScreens = defineScreens({
  name: 'member',
  screens: {
    MemberInfo: preloadable(() => import('./MembersPage.js')),
    MemberDetail: preloadable(() => import('./MemberPage.js')),
    ThirdPartyMember: preloadable(() => import('./ExternalMembersPage.js')),
  },
});
