/**
 * Import circles and the account domain's one-way dependencies, checked by
 * dependency-cruiser as part of `npm run lint`.
 * Type-only imports count: a circle of types still ties two modules together
 * (neither can be read, moved or tested alone), and ESLint's import rules skip them.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module reaches itself again through its imports: cut the circle (move the shared piece down, or pass it in).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'account-builds-on-no-domain',
      severity: 'error',
      comment:
        "The account domain owns passwords, sign-in and sessions; staff and tenant build on it, never the other way. The user's tenant, role and devices are mechanism tables (server/identity/schema.ts).",
      from: { path: '^(server|shared|renderer)/account/' },
      to: { path: '^(server|shared|renderer)/(staff|tenant|customer)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-electron|release|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
