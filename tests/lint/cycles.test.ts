/**
 * Import circles are refused: `npm run lint` runs dependency-cruiser
 * with .dependency-cruiser.mjs. It must see a circle made of type-only imports
 * (ESLint's import rules skip those), and find none in the code as it is.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// A plain .mjs config (dependency-cruiser reads it too): imported by its address, typed here.
const { default: config } = (await import(new URL('../../.dependency-cruiser.mjs', import.meta.url).href)) as {
  default: Required<Pick<IConfiguration, 'forbidden' | 'options'>>;
};

const circles = async (paths: string[]) => {
  const { output } = await cruise(paths, {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof output === 'string') throw new Error('expected a cruise result');
  return output.summary.violations.filter((v) => v.rule.name === 'no-circular').length;
};

describe('import circles', () => {
  it("refuses two modules that import each other's types", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vend-cycle-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = { b?: B };\n");
      await writeFile(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
      expect(await circles([dir])).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds none in the contract, the upstream, the renderer and the desktop side', async () => {
    expect(await circles(['shared', 'server', 'renderer', 'electron'])).toBe(0);
  }, 60_000);
});
