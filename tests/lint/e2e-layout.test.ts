/**
 * End-to-end tests mirror the domains (tests/e2e/<domain>/…), and every one
 * starts signed out: it takes `test` from tests/e2e/support.ts (whose fixture
 * ends the host's session first), never Playwright's own, so one failure
 * cannot cascade into the rest of the run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../e2e');
const specs = readdirSync(e2e, { recursive: true, withFileTypes: true })
  .filter((f) => f.isFile() && f.name.endsWith('.spec.ts'))
  .map((f) => path.relative(e2e, path.join(f.parentPath, f.name)));

describe('end-to-end specs', () => {
  it('sit in a folder named after their domain', () => {
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) expect(spec, spec).toMatch(/^[a-z]+\/[\w.-]+\.spec\.ts$/);
  });

  it('take `test` from support.ts, so each starts signed out', () => {
    for (const spec of specs) {
      const text = readFileSync(path.join(e2e, spec), 'utf8');
      expect(text, spec).not.toMatch(/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/);
      expect(text, spec).toMatch(/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\.\/support\.js'/);
    }
  });
});
