/**
 * `npm run gen:docs`: writes the docs' generated parts (scripts/docs-gen.ts)
 * from the code; tests/docs/generated.test.ts fails when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedParts, withPart } from './docs-gen.js';

const root = join(import.meta.dirname, '..');
for (const { file, name, text } of generatedParts(root)) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withPart(before, name, text, file);
  if (after !== before) {
    writeFileSync(path, after);
    console.log(`gen:docs: ${file} (${name}) written`);
  }
}
