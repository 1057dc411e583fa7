/**
 * Every operation of the API table is tested on the server: some server test
 * file has a `describe` titled by the operation's name (`'point.bind'`, or
 * `'point.bind: …'`). A new operation without one fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api } from '../../shared/domains.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
  .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'))
  .join('\n');
const titles = new Set([...sources.matchAll(/\bdescribe\(\s*(['"`])([\w.]+)(?=:|\1)/g)].map((m) => m[2]));

describe('server tests', () => {
  it('describe every operation of the API table by name', () => {
    expect(Object.keys(api).filter((op) => !titles.has(op))).toEqual([]);
  });
});
