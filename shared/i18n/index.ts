/** The UI catalogues of the three languages (spec §2 language, §9 languages). */
import type { Lang } from '../errors.js';
import { zhCN, type Catalogue } from './zh-CN.js';
import { zhTW } from './zh-TW.js';
import { en } from './en.js';

export type { Catalogue };
export const catalogues: Readonly<Record<Lang, Catalogue>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };
export const DEFAULT_LANG: Lang = 'zh-CN';
