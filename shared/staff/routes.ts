/** Authority screens (spec §2 /atManagement). Codes: 4-1 members, 4-2 roles and adding a role. */
import { codes, detail, group, view } from '../routes/define.js';

export const staffRoutes = [
  group(30, '/atManagement', { title: 'staff.route.authority', icon: 'team' }, [
    view('staffManagement', 'StaffManagement', 'staff.route.staffManagement', codes('4-1')),
    view('peopleadmin', 'Roles', 'staff.route.roles', codes('4-2')),
    detail('addpeople', 'AddRole', 'staff.route.addRole', '/atManagement/peopleadmin', codes('4-2')),
  ]),
];
