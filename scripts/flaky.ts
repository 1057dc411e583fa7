/** The end-to-end tests that passed only on their retry, by file, line and title, read from Playwright's JSON report. */
interface Suite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: Suite[];
}

// Playwright's JSON report: a test whose last try passed after a failed one is `flaky`.
function flaky(suite: Suite, trail: string[]): string[] {
  const here = [...trail, suite.title];
  return [
    // The outermost suite is the file: its title is already in `file`.
    ...(suite.specs ?? [])
      .filter((s) => s.tests.some((t) => t.status === 'flaky'))
      .map((s) => `${s.file}:${s.line} › ${[...here.slice(1), s.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((s) => flaky(s, here)),
  ];
}

export function flakyTests(json: string): string[] {
  return (JSON.parse(json) as { suites: Suite[] }).suites.flatMap((s) => flaky(s, []));
}
