/**
 * Rules of the text a screen shows that a type cannot hold.
 *
 * Chinese punctuation stays in Chinese text. An English line read
 * "VM2026000107：Offline（2.3.0）" because screens joined names with "、" and
 * wrapped notes in "（）" in code, whatever the language: such marks live in
 * the catalogues (common.listSeparator, common.withNote, common.labelled),
 * and the English catalogue has none.
 *
 * A time is shown on China's clock: points earned between 00:00 and 08:00
 * China time showed their expiry a day early because a screen cut the UTC
 * text to its first ten characters. Dates go through shared/format.ts
 * `formatDay`; no renderer code cuts a text at ten.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../shared/domains.js';

const FULL_WIDTH = /[（）：、，；！？]/;

async function* sources(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** A line of code without its comment: what the screen may show. */
const codeOf = (line: string) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line.replace(/\s\/\/\s.*$/, ''));

describe('full-width punctuation', () => {
  it('is in no English text of the catalogues', () => {
    const found: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (FULL_WIDTH.test(node)) found.push(`${path}: ${node}`);
      } else if (node && typeof node === 'object')
        for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    };
    walk(catalogues.en, 'en');
    expect(found).toEqual([]);
  });

  it("is in no renderer code outside comments: a screen's separators and brackets come from the catalogues", async () => {
    const found: string[] = [];
    for await (const file of sources('renderer'))
      (await readFile(file, 'utf8')).split('\n').forEach((line, i) => {
        if (FULL_WIDTH.test(codeOf(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    expect(found).toEqual([]);
  });
});

describe('dates', () => {
  it('are never cut from a time text at ten characters in renderer code', async () => {
    const found: string[] = [];
    for await (const file of sources('renderer'))
      (await readFile(file, 'utf8')).split('\n').forEach((line, i) => {
        if (/\.(slice|substring)\(0, 10\)/.test(codeOf(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    expect(found).toEqual([]);
  });
});
