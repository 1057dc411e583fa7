/** Role and member codes, in the authentication / permission family (spec §8 1501–1537). */
import { defineErrors, err } from '../errors/define.js';

export const staffErrors = defineErrors({
  roleNotFound: err(1520, 404, '角色不存在', '角色不存在', 'Role not found'),
  roleInUse: err(
    1521,
    409,
    '该角色已分配给成员，请先解除绑定',
    '該角色已分配給成員，請先解除綁定',
    'Members hold this role: unbind them first',
  ),
  roleNameTaken: err(1522, 409, '角色名称已存在', '角色名稱已存在', 'A role of this name exists'),
  powerNotHeld: err(
    1523,
    403,
    '只能授予您自己拥有的权限，且不能修改自己的角色',
    '只能授予您自己擁有的權限，且不能修改自己的角色',
    'You can grant only permissions you hold, and not change your own role',
  ),
  memberNotFound: err(1524, 404, '成员不存在', '成員不存在', 'Member not found'),
  storeMismatch: err(
    1525,
    409,
    '成员与门店不属于同一租户',
    '成員與門店不屬於同一租戶',
    'The member and the store belong to different tenants',
  ),
});
