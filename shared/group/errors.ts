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
    '只有预先导入的分组才能添加或导入标识',
    '只有預先匯入的分組才能新增或匯入識別',
    'Only a group imported beforehand takes identifiers',
  ),
  groupMemberState: err(
    3406,
    409,
    '分组成员当前状态不能执行此操作',
    '分組成員目前狀態不能執行此操作',
    "The group member's state does not allow this",
  ),
  behaviourRefUnknown: err(
    3408,
    404,
    '条件中的设备、点位或商品不存在',
    '條件中的設備、點位或商品不存在',
    'A device, point or product of the conditions does not exist',
  ),
  groupNotBehaviour: err(
    3409,
    409,
    '该分组按标识加入成员，不按行为计算',
    '該分組按識別加入成員，不按行為計算',
    'This group takes identifiers; it is not computed from behaviour',
  ),
});
