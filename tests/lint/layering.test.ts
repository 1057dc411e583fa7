/**
 * The layering rule (ARCHITECTURE §3) must fire: lint a wrong import placed in
 * each layer and expect the refusal, and a right one and expect none.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

describe('layering rule', () => {
  it.each([
    ['renderer/x.ts', "import fs from 'node:fs';\nexport default fs;\n"],
    ['renderer/x.ts', "import { createCore } from '../electron/core/core.js';\nexport default createCore;\n"],
    ['renderer/x.ts', "import { buildApp } from '../server/app.js';\nexport default buildApp;\n"],
    ['renderer/x.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['shared/x.ts', "import { readFile } from 'node:fs/promises';\nexport default readFile;\n"],
    ['shared/x.ts', "import React from 'react';\nexport default React;\n"],
    ['server/x.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['server/x.ts', "import { createCore } from '../electron/core/core.js';\nexport default createCore;\n"],
    ['electron/core/x.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['electron/core/x.ts', "import { buildApp } from '../../server/app.js';\nexport default buildApp;\n"],
    ['electron/main.ts', "import { buildApp } from '../server/app.js';\nexport default buildApp;\n"],
  ])('refuses the wrong import in %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['renderer/x.ts', "import { api } from '../shared/api/index.js';\nexport default api;\n"],
    ['electron/core/x.ts', "import { readFile } from 'node:fs/promises';\nexport default readFile;\n"],
    ['electron/main.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['server/x.ts', "import { api } from '../shared/api/index.js';\nexport default api;\n"],
  ])('allows the right import in %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});

async function boundary(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'vend/domain-boundaries').map((m) => m.message);
}

describe('domain boundaries (ARCHITECTURE §4)', () => {
  it.each([
    ['shared/api/x.ts', "import { pointApi } from '../point/api.js';\nexport default pointApi;\n"],
    ['shared/errors/x.ts', "import { point } from '../point/index.js';\nexport default point;\n"],
    ['server/http/x.ts', "import { users } from '../account/schema.js';\nexport default users;\n"],
    ['server/db/x.ts', "import { pointServer } from '../point/index.js';\nexport default pointServer;\n"],
    ['server/scope.ts', "import { tenants } from './tenant/schema.js';\nexport default tenants;\n"],
    ['renderer/shell/x.ts', "import { ProfileMenu } from '../account/ProfileMenu.js';\nexport default ProfileMenu;\n"],
    ['renderer/app/x.ts', "export const load = () => import('../point/PointListPage.js');\n"],
    ['renderer/kit/x.ts', "export * from '../point/index.js';\n"],
  ])('refuses a mechanism file (%s) importing a domain', async (file, code) => {
    expect(await boundary(file, code)).toEqual([expect.stringMatching(/may not import the \w+ domain/)]);
  });

  it.each([
    ['server/point/x.ts', "import { selectDevices } from '../device/queries.js';\nexport default selectDevices;\n"],
    ['shared/point/x.ts', "import { deviceItem } from '../device/api.js';\nexport default deviceItem;\n"],
    ['renderer/point/x.ts', "import { LoginPage } from '../account/LoginPage.js';\nexport default LoginPage;\n"],
    ['server/staff/x.ts', "export { setPassword } from '../account/credentials.js';\n"],
  ])("refuses a domain (%s) reaching into another domain's internals", async (file, code) => {
    expect(await boundary(file, code)).toEqual([expect.stringMatching(/through its index\.ts/)]);
  });

  it.each([
    ['server/point/x.ts', "import { selectDevices } from '../device/index.js';\nexport default selectDevices;\n"],
    ['server/device/x.ts', "import { points } from '../point/schema.js';\nexport default points;\n"],
    ['server/point/x.ts', "import { pointDemo } from './demo.js';\nexport default pointDemo;\n"],
    ['shared/point/x.ts', "import { deviceItem } from '../device/index.js';\nexport default deviceItem;\n"],
    ['shared/api/x.ts', "import { COMMON_CODE } from '../common/index.js';\nexport default COMMON_CODE;\n"],
    ['renderer/shell/x.ts', "import { SCREENS } from '../domains.js';\nexport default SCREENS;\n"],
    ['server/http/x.ts', "import { api } from '../../shared/domains.js';\nexport default api;\n"],
  ])("allows %s its own files, another domain's index (or schema) and the lists", async (file, code) => {
    expect(await boundary(file, code)).toEqual([]);
  });
});
