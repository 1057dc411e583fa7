/** The repetition measure's files (scripts/logic-files.ts, docs/testing.md "Repeated code"). */
import { describe, expect, it } from 'vitest';
import { foldImports, isLogicFile } from '../../scripts/logic-files.js';

describe('the repetition measure', () => {
  it('counts the logic files, not catalogues, demo data, migrations or API tables', () => {
    expect(isLogicFile('renderer/kit/ListPage.tsx')).toBe(true);
    expect(isLogicFile('server/order/orders.ts')).toBe(true);
    expect(isLogicFile('shared/order/texts.ts')).toBe(false);
    expect(isLogicFile('shared/firmware/texts-rollout.ts')).toBe(false);
    expect(isLogicFile('renderer/i18n/index.ts')).toBe(false);
    expect(isLogicFile('server/firmware/demo.ts')).toBe(false);
    expect(isLogicFile('server/db/migrations/0001_init.ts')).toBe(false);
    expect(isLogicFile('shared/order/api.ts')).toBe(false);
    expect(isLogicFile('shared/api/define.ts')).toBe(true);
    expect(isLogicFile('renderer/ui-tables.d.ts')).toBe(false);
  });

  it('folds a wrapped import or re-export onto one line and leaves the code alone', () => {
    const text = [
      'import {',
      '  ActionButton,',
      '  DataTable,',
      '  type Column,',
      "} from '../kit/index.js';",
      "export { a, b } from './c.js';",
      'export type {',
      '  X,',
      '  Y,',
      "} from './y.js';",
      'const o = {',
      '  a,',
      '};',
    ].join('\n');
    expect(foldImports(text).split('\n')).toEqual([
      "import { ActionButton, DataTable, type Column } from '../kit/index.js';",
      "export { a, b } from './c.js';",
      "export type { X, Y } from './y.js';",
      'const o = {',
      '  a,',
      '};',
    ]);
  });
});
