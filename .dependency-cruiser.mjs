/**
 * Import circles (issue 32), checked by dependency-cruiser as part of `npm run lint`.
 * Type-only imports count: a circle of types still ties two modules together
 * (neither can be read, moved or tested alone), and ESLint's import rules skip them.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself again through its imports: cut the circle (move the shared piece down, or pass it in).',
      from: {},
      to: { circular: true },
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
