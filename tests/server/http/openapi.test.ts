/**
 * The published contract (`/openapi.json`) passes a standard
 * OpenAPI linter — Redocly's recommended rules — with no error, and every
 * operation declares its refusals: the envelope as its 4XX and 5XX answers.
 */
import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { suiteApp } from '../helpers.js';

const t = suiteApp([]);

describe('/openapi.json', () => {
  it("has no error under Redocly's recommended rules, and only the warnings docs/architecture.md explains", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; schema?: { type?: string } }[] }>
      >;
    };
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // No public licence has a URL to give; `/order/info/{id}` and `/order/{id}/refund` are told apart by `{id}` being an integer.
    const warnings = problems.filter((p) => p.severity === 'warn');
    expect(new Set(warnings.map((p) => p.ruleId))).toEqual(new Set(['info-license-strict', 'no-ambiguous-paths']));
    const integer = (path: string, name: string) =>
      Object.values(doc.paths[path]!).every((op) =>
        op.parameters?.some((q) => q.in === 'path' && q.name === name && q.schema?.type === 'integer'),
      );
    for (const w of warnings.filter((p) => p.ruleId === 'no-ambiguous-paths')) {
      const [a, b] = [...w.message.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const [sa, sb] = [a!.split('/'), b!.split('/')];
      sa.forEach((x, i) => {
        const y = sb[i]!;
        if (x === y) return;
        const [param, path] = x.startsWith('{') ? [x, a!] : [y, b!];
        expect(/^[a-z-]+$/.test(x.startsWith('{') ? y : x), `${a} / ${b}`).toBe(true);
        expect(integer(path, param.slice(1, -1)), `${path} ${param}`).toBe(true);
      });
    }
  }, 60_000);

  it("declares every operation's refusals, where it is served and its licence", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      servers: unknown[];
      info: { license?: { name: string } };
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }
            >;
          }
        >
      >;
    };
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations++;
        for (const range of ['4XX', '5XX']) {
          const schema = op.responses[range]?.content?.['application/json']?.schema;
          expect(schema?.properties, `${method} ${path} ${range}`).toHaveProperty('code');
        }
      }
    }
    expect(operations).toBeGreaterThan(80);
  });
});
