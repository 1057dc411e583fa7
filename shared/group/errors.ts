/** Customer group codes (spec §8 family 3402–3437, discount / group; 3436 and 3437 stay with the activities). */
import { defineErrors, err } from '../errors/define.js';

export const groupErrors = defineErrors({
  groupNotFound: err(3402, 404, '分组不存在', '分組不存在', 'Group not found'),
  groupNameTaken: err(3403, 409, '分组名称已存在', '分組名稱已存在', 'A group with this name exists'),
  groupDisabled: err(3404, 409, '分组已停用', '分組已停用', 'The group is disabled'),
  groupMemberNotFound: err(3405, 404, '分组成员不存在', '分組成員不存在', 'Group member not found'),
  groupNotPreImport: err(
    3407,
    409,
    '实时录入的分组不能预先导入成员',
    '即時錄入的分組不能預先匯入成員',
    'A group entered as people sign in takes no imported identifiers',
  ),
  groupMemberState: err(
    3406,
    409,
    '分组成员当前状态不能执行此操作',
    '分組成員目前狀態不能執行此操作',
    "The group member's state does not allow this",
  ),
});
