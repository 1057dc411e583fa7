/**
 * The desktop's side of deep links: the installers register the scheme the
 * links use, and a link is found among a process's arguments (a first
 * launch, a second instance) and nothing else is read from them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { linkInArgv } from '../../electron/shell-policy.js';
import { LINK_SCHEME } from '../../shared/links.js';

const root = join(import.meta.dirname, '..', '..');

describe('deep links on the desktop', () => {
  it('the installers register the links’ scheme', () => {
    const builder = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
      protocols?: { schemes: string[] }[];
    };
    expect(builder.protocols?.flatMap((p) => p.schemes)).toEqual([LINK_SCHEME]);
  });

  it('finds the link among the arguments, after Chromium’s switches', () => {
    expect(
      linkInArgv([
        'C:\\Vend Console\\Vend Console.exe',
        '--allow-file-access-from-files',
        'vend-console://open/dashboard',
      ]),
    ).toBe('vend-console://open/dashboard');
    expect(linkInArgv(['/usr/bin/vend', 'VEND-CONSOLE://open/dashboard'])).toBe('VEND-CONSOLE://open/dashboard');
    expect(linkInArgv(['/usr/bin/vend', '--inspect', 'https://open/dashboard', 'vend-consolex://open'])).toBeNull();
    expect(linkInArgv([])).toBeNull();
  });
});
