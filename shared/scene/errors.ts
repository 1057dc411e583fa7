/** Scene codes (spec §8 family 3501–3525: the menu must include every scene device, a scene must bind devices, no duplicate devices). */
import { defineErrors, err, family } from '../errors/define.js';

export const sceneErrors = defineErrors(
  {
    sceneNotFound: err(3501, 404, '场景不存在', '場景不存在', 'Scene not found'),
    sceneNeedsDevices: err(3502, 400, '场景必须绑定设备', '場景必須綁定設備', 'A scene must bind devices'),
    sceneDuplicateDevice: err(
      3503,
      400,
      '场景设备不能重复',
      '場景設備不能重複',
      'A device cannot be bound to a scene twice',
    ),
    sceneMenuMissesDevice: err(
      3504,
      400,
      '菜单必须包含场景的全部设备',
      '選單必須包含場景的全部設備',
      'The menu must include every device of the scene',
    ),
    sceneAlreadyDisabled: err(3505, 409, '场景已停用', '場景已停用', 'The scene is already disabled'),
    sceneAlreadyEnabled: err(3506, 409, '场景已启用', '場景已啟用', 'The scene is already in service'),
    sceneMenuForeignDevice: err(
      3507,
      400,
      '菜单只能使用场景的设备',
      '選單只能使用場景的設備',
      "The menu may only use the scene's devices",
    ),
    sceneMenuInvalid: err(3508, 400, '菜单结构错误', '選單結構錯誤', 'The menu tree is malformed'),
    sceneDeviceTaken: err(
      3509,
      409,
      '设备已在其他场景中',
      '設備已在其他場景中',
      'A device is already in another scene',
    ),
  },
  [family(3501, 3525, '场景错误', '場景錯誤', 'Scene error')],
);
