/** Complaint codes, in the order family (spec §8 901–989; individual texts not shown there). */
import { defineErrors, err } from '../errors/define.js';

export const complaintErrors = defineErrors({
  complaintNotFound: err(960, 404, '投诉不存在', '投訴不存在', 'The complaint does not exist'),
  complaintCompleted: err(
    961,
    409,
    '投诉已完结，不能再处理',
    '投訴已完結，不能再處理',
    'The complaint is completed and can no longer be handled',
  ),
});
