/* global document, getComputedStyle, NodeFilter */
/**
 * In the page (tests/e2e/shell/columns.spec.ts loads it with addScriptTag):
 * what is cut on the page's tables, one line per problem. Plain JavaScript:
 * the tests are type-checked without the DOM library.
 */
globalThis.__vendCuts = () => {
  const out = [];
  // Where a text breaks onto a new line, each break inside a word (Chromium's word segmenter knows Chinese words).
  const segmenter = new Intl.Segmenter(document.documentElement.lang || 'zh-CN', { granularity: 'word' });
  const midWord = (node) => {
    const text = node.textContent ?? '';
    const bounds = new Set([...segmenter.segment(text)].map((s) => s.index));
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getClientRects()[0];
      if (!r || r.width === 0) continue;
      if (top !== null && Math.round(r.top) > top + 2 && !bounds.has(i) && text[i - 1] !== ' ') return true;
      top = Math.round(r.top);
    }
    return false;
  };
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    // One rect per line box (inline boxes of one line share their top).
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  };
  const clippedBy = (text, cell) => {
    const range = document.createRange();
    range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    if (r.width === 0) return false;
    // An ancestor inside the cell that shows an ellipsis says the text goes on.
    for (let el = text.parentElement; el && el !== cell; el = el.parentElement) {
      if (getComputedStyle(el).textOverflow === 'ellipsis') return false;
    }
    const box = cell.getBoundingClientRect();
    return r.right > box.right + 1 || r.left < box.left - 1;
  };
  const texts = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const found = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) found.push(n);
    return found;
  };
  for (const table of Array.from(document.querySelectorAll('table'))) {
    if (!table.checkVisibility()) continue;
    for (const th of Array.from(table.querySelectorAll('th'))) {
      for (const t of texts(th)) {
        if (midWord(t)) out.push(`header "${t.textContent}" breaks inside a word`);
        if (clippedBy(t, th)) out.push(`header "${t.textContent}" is cut`);
      }
    }
    for (const td of Array.from(table.querySelectorAll('tbody tr'))
      .slice(0, 12)
      .flatMap((tr) => Array.from(tr.querySelectorAll('td')))) {
      for (const t of texts(td)) {
        // A long address may wrap as Chinese text does; cut, it may not be.
        if (clippedBy(t, td)) out.push(`cell "${t.textContent}" is cut without an ellipsis`);
        if (t.parentElement?.closest('button') && lines(t) > 1) out.push(`button "${t.textContent}" wraps`);
      }
    }
  }
  return [...new Set(out)];
};
