/** Price-change codes: the firmware push family of spec §8 (1900–1920, declared by shared/firmware), from 1910. */
import { defineErrors, err } from '../errors/define.js';

export const priceErrors = defineErrors({
  priceChangeNotFound: err(1910, 404, '调价任务不存在', '調價任務不存在', 'Price change not found'),
  priceConflict: err(
    1911,
    409,
    '有设备还在等待这些商品的另一次调价：请在“替换”中选中它',
    '有設備還在等待這些商品的另一次調價：請在「替換」中選取它',
    'A device still waits for another change of these products’ prices: replace it to go on',
  ),
  priceChangeNotActive: err(
    1912,
    409,
    '该设备没有待执行的此次调价',
    '該設備沒有待執行的此次調價',
    'This machine has no such price change to apply',
  ),
  priceVersionUnknown: err(
    1913,
    409,
    '设备从未收到此价格版本',
    '設備從未收到此價格版本',
    'The machine never had this price version',
  ),
  noPriceDevices: err(
    1914,
    409,
    '所选设备都不能接收此次调价',
    '所選設備都不能接收此次調價',
    'None of the chosen devices can take this price change',
  ),
  priceVersionStale: err(
    1915,
    409,
    '价格版本已过期，请先同步最新价格',
    '價格版本已過期，請先同步最新價格',
    'The price version is out of date: fetch the current prices first',
  ),
  priceChangeClosed: err(
    1916,
    409,
    '没有尚未执行的设备可以取消',
    '沒有尚未執行的設備可以取消',
    'No device is left that has not applied it',
  ),
});
