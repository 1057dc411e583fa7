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
    ['renderer/x.ts', "import { createCore } from '../electron/core/handlers.js';\nexport default createCore;\n"],
    ['renderer/x.ts', "import { buildApp } from '../server/app.js';\nexport default buildApp;\n"],
    ['renderer/x.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['shared/x.ts', "import { readFile } from 'node:fs/promises';\nexport default readFile;\n"],
    ['shared/x.ts', "import React from 'react';\nexport default React;\n"],
    ['server/x.ts', "import { app } from 'electron';\nexport default app;\n"],
    ['server/x.ts', "import { createCore } from '../electron/core/handlers.js';\nexport default createCore;\n"],
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
