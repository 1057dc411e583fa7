/** The renderer's date texts: shared/format.ts put into words with the catalogues. */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../shared/domains.js';
import { formatTime } from '../../shared/format.js';
import { formatDateTime, formatRelative } from '../../renderer/app/format.js';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: Object.fromEntries(Object.entries(catalogues).map(([lng, c]) => [lng, { translation: c }])),
    interpolation: { escapeValue: false },
  });
});

describe('formatDateTime', () => {
  it('formats ISO instants, keeps what it cannot read, and is empty for none', () => {
    expect(formatDateTime('2026-03-15T08:09:10')).toBe('2026-03-15 08:09:10');
    expect(formatDateTime('yesterday-ish')).toBe('yesterday-ish');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
  const ago = (ms: number) => new Date(now - ms);

  it('speaks every step in English', () => {
    const t = i18n.getFixedT('en');
    expect(formatRelative(t, ago(10_000), now)).toBe('just now');
    expect(formatRelative(t, ago(5 * 60_000), now)).toBe('5 min ago');
    expect(formatRelative(t, ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(formatRelative(t, ago(30 * 3_600_000), now)).toBe('1 day ago');
    expect(formatRelative(t, ago(72 * 3_600_000), now)).toBe(formatTime(ago(72 * 3_600_000)));
  });

  it('and in Chinese', () => {
    expect(formatRelative(i18n.getFixedT('zh-CN'), ago(5 * 60_000), now)).toBe('5 分钟前');
    expect(formatRelative(i18n.getFixedT('zh-TW'), ago(2 * 3_600_000), now)).toBe('2 小時前');
  });
});
