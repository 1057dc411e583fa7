/** UI texts of the staff domain (members and roles). zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  route: {
    authority: '权限管理',
    staffManagement: '成员管理',
    roles: '角色管理',
    addRole: '新增角色',
  },
};

export const staffTexts = defineTexts(zhCN, {
  'zh-TW': {
    route: {
      authority: '權限管理',
      staffManagement: '成員管理',
      roles: '角色管理',
      addRole: '新增角色',
    },
  },
  en: {
    route: {
      authority: 'Authority',
      staffManagement: 'Members',
      roles: 'Roles',
      addRole: 'Add role',
    },
  },
});
