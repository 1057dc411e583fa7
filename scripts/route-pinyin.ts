/**
 * Writes shared/route-pinyin.ts: the pinyin of every Chinese route title
 * (zh-CN and zh-TW), so the header's route search finds 商品中心 by `spzx`
 * or `shangpin` without shipping a pinyin dictionary to the console. Run
 * after changing a route title (`npm run gen:pinyin`); a unit test fails
 * while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { routePinyinSource } from './route-pinyin-source.js';

writeFileSync(new URL('../shared/route-pinyin.ts', import.meta.url), routePinyinSource());
console.log('wrote shared/route-pinyin.ts');
