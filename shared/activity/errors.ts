/** Activity codes (spec §8 family 3402–3437, discount / group: 3410 onwards; 3436 and 3437 are the spec's own). */
import { defineErrors, err } from '../errors/define.js';

export const activityErrors = defineErrors({
  activityNotFound: err(3410, 404, '活动不存在', '活動不存在', 'Activity not found'),
  activityStarted: err(
    3411,
    409,
    '活动已生效，只能终止或延长',
    '活動已生效，只能終止或延長',
    'The activity has started: it can only be terminated or extended',
  ),
  activityOver: err(3412, 409, '活动已终止或已过期', '活動已終止或已過期', 'The activity is stopped or expired'),
  extendBeforeEnd: err(
    3413,
    400,
    '延长后的结束时间不能早于原结束时间',
    '延長後的結束時間不能早於原結束時間',
    'The new end cannot precede the original end',
  ),
  activityRefUnknown: err(
    3414,
    404,
    '活动中的设备、场景、商品或分组不存在',
    '活動中的設備、場景、商品或分組不存在',
    'A device, scene, product or group of the activity does not exist',
  ),
  activityAlreadyDisabled: err(3415, 409, '活动已停用', '活動已停用', 'The activity is disabled already'),
  activityAlreadyEnabled: err(3416, 409, '活动已启用', '活動已啟用', 'The activity is enabled already'),
  productNotAtDevice: err(
    3417,
    404,
    '该设备未售卖此商品',
    '該設備未售賣此商品',
    'The device does not sell this product',
  ),
  couponNotClaimable: err(
    3418,
    409,
    '该活动现在不能领取优惠券',
    '該活動現在不能領取優惠券',
    'No coupon of this activity can be claimed now',
  ),
  couponsGone: err(3419, 409, '优惠券已领完', '優惠券已領完', 'All the coupons have been claimed'),
  couponClaimLimit: err(
    3420,
    409,
    '已达到每人领取上限',
    '已達到每人領取上限',
    'You have claimed as many as one member may',
  ),
  couponUnusable: err(
    3421,
    409,
    '优惠券不可用：已使用、已过期或不属于该会员',
    '優惠券不可用：已使用、已過期或不屬於該會員',
    'The coupon cannot be used: used, expired or not the member’s',
  ),
  groupBoundToDiscount: err(
    3436,
    409,
    '分组已绑定优惠活动，不能删除',
    '分組已綁定優惠活動，不能刪除',
    'A group bound to a discount cannot be deleted',
  ),
  endBeforeNow: err(
    3437,
    400,
    '结束时间不能早于当前时间',
    '結束時間不能早於目前時間',
    'The end time cannot be before now',
  ),
});
