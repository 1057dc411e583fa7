/** The build-time modules of scripts/ui-tables.ts. */
// An ambient module may not import a relative path: `import()` types are how its declarations name ours.
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:ui/catalogue/*' {
  /** A part of one language's catalogue: the pages' before the shell, or the screens' (`…/screens`). */
  const catalogue: Partial<import('../shared/domains.js').Catalogue>;
  export default catalogue;
}
declare module 'virtual:ui/languages' {
  const names: Readonly<Record<import('../shared/i18n/define.js').Lang, string>>;
  export default names;
}
declare module 'virtual:ui/errors' {
  /** The entries without their texts: what the policy decides by. */
  const entries: {
    errors: Readonly<Record<number, Omit<import('../shared/errors/define.js').ErrorEntry, 'texts'>>>;
    families: readonly {
      from: number;
      to: number;
      entry: Omit<import('../shared/errors/define.js').ErrorEntry, 'texts'>;
    }[];
  };
  export default entries;
}
declare module 'virtual:ui/errors/*' {
  /** One language's texts: of each code, and of each family (from, to, text). */
  const texts: { codes: Readonly<Record<number, string>>; families: readonly (readonly [number, number, string])[] };
  export default texts;
}
