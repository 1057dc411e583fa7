/** The member domain's screens (spec §2 member centre): member info and a member's page. */
import { defineScreens, preloadable } from '../manifest.js';

import { memberPorts } from './ports.js';

export { memberPath } from './paths.js';
export { memberOrders, memberWallet } from './ports.js';

export const memberScreens = defineScreens({
  name: 'member',
  ports: memberPorts,
  screens: {
    MemberInfo: preloadable(() => import('./MembersPage.js')),
    MemberDetail: preloadable(() => import('./MemberPage.js')),
    ThirdPartyMember: preloadable(() => import('./ExternalMembersPage.js')),
  },
});
