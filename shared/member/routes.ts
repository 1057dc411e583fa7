/**
 * The member centre (spec §2: member info, members of a third-party member
 * programme). The spec writes no path for it: /memberCenter, with the
 * member's own page hidden beneath member info. No permission code of §2
 * opens it, so it is the admin's and the tenants' (the main set), not a
 * custom role's.
 */
import { detail, group, view } from '../routes/define.js';

export const memberRoutes = [
  group(70, '/memberCenter', { title: 'member.route.memberCenter', icon: 'member' }, [
    view('memberInfo', 'MemberInfo', 'member.route.memberInfo'),
    detail('memberDetail', 'MemberDetail', 'member.route.memberDetail', '/memberCenter/memberInfo'),
    view('thirdPartyMember', 'ThirdPartyMember', 'member.route.thirdPartyMember'),
  ]),
];
