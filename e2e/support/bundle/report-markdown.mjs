// The bundle report as Markdown.
import { CATEGORIES } from './attribution.mjs';
import { DETAILED_PAGES } from './budgets.mjs';
import { GZIP_LEVEL, formatKB } from './sizes.mjs';

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function byCategory(result) {
  const totals = new Map();
  for (const chunk of result.chunks)
    totals.set(chunk.category, (totals.get(chunk.category) ?? 0) + chunk.gzip);
  return totals;
}

export function biggestContributor(result) {
  const totals = [...byCategory(result)].sort((a, b) => b[1] - a[1]);
  return totals[0] ? { category: totals[0][0], gzip: totals[0][1] } : null;
}

/** What a page pays for, biggest first: 'react-dom 41.7 KB, MF runtime 47.6 KB, ...'. */
function paysFor(result) {
  return [...byCategory(result)]
    .sort((a, b) => b[1] - a[1])
    .map(([category, gzip]) => `${category} ${formatKB(gzip)}`)
    .join(', ');
}

function verdict(page) {
  return page.gzip <= page.budget ? 'ok' : '**OVER BUDGET**';
}

export function renderReport({ packages, pages, duplicates, generatedAt }) {
  const out = [];
  out.push('# Bundle report', '');
  out.push(
    `Generated ${generatedAt} by scripts/bundle-report.mjs. gzip = zlib level ${GZIP_LEVEL} of each file; ` +
      '1 KB = 1024 bytes.',
    '',
  );

  out.push('## JavaScript per package (dist)', '');
  out.push(
    table(
      ['Package', 'JS files', 'Raw', 'gzip'],
      packages.map((p) => [p.name, String(p.files.length), formatKB(p.raw), formatKB(p.gzip)]),
    ),
    '',
  );

  out.push('## First load of every page in Chromium (cold cache, until network idle)', '');
  out.push(
    'Signed-in pages load with a fixture session. gzip is what a gzip-only client downloads; browsers',
    'that send `Accept-Encoding: br` get the build-time brotli files, about a fifth smaller.',
    '',
  );
  out.push(
    table(
      ['Page', 'JS requests', 'Raw', 'gzip', 'Budget', '', 'What it pays for (gzip)'],
      pages.map((r) => [
        `\`${r.pathname}\`${r.signedIn ? ' (signed in)' : ''}`,
        String(r.chunks.length),
        formatKB(r.raw),
        formatKB(r.gzip),
        formatKB(r.budget),
        verdict(r),
        paysFor(r),
      ]),
    ),
    '',
  );

  const detailed = pages.filter((r) => DETAILED_PAGES.includes(r.pathname));
  const used = CATEGORIES.filter((c) => detailed.some((r) => byCategory(r).has(c)));
  out.push('### gzip by what the code is', '');
  out.push(
    table(
      ['What', ...detailed.map((r) => `\`${r.pathname}\``)],
      used.map((c) => [c, ...detailed.map((r) => formatKB(byCategory(r).get(c) ?? 0))]),
    ),
    '',
  );

  for (const result of detailed) {
    out.push(`### Requests on \`${result.pathname}\``, '');
    const rows = [...result.chunks]
      .sort((a, b) => b.gzip - a.gzip)
      .map((c) => [
        `\`${new URL(c.url).pathname}\``,
        c.notes?.length ? c.notes.join(' + ') : c.category,
        formatKB(c.raw),
        formatKB(c.gzip),
      ]);
    out.push(table(['Chunk', 'What', 'Raw', 'gzip'], rows), '');
  }

  const home = pages.find((r) => r.pathname === '/');
  out.push('## Checks', '');
  const over = pages.filter((r) => r.gzip > r.budget);
  const list = (rs) => rs.map((r) => `\`${r.pathname}\``).join(', ');
  out.push(
    over.length === 0
      ? `- Every page (${pages.length}) is within its budget.`
      : `- FAIL: ${over.length} of ${pages.length} pages over their budget: ${list(over)}.`,
  );
  if (home) {
    const top = biggestContributor(home);
    const verdict = home.gzip <= home.budget ? 'within' : 'OVER';
    out.push(
      `- First load of \`/\`: ${formatKB(home.gzip)} gzip, ${verdict} the ${formatKB(home.budget)} budget.`,
    );
    if (top) {
      const where = home.chunks
        .filter((c) => c.category === top.category)
        .map(
          (c) =>
            `\`${new URL(c.url).pathname}\`${c.notes?.length ? ` (${c.notes.join(' + ')})` : ''}`,
        );
      out.push(
        `- What takes the most on \`/\`: ${top.category}, ${formatKB(top.gzip)} gzip, in ${where.join(', ')}.`,
      );
    }
  }
  if (duplicates.length === 0)
    out.push(
      '- react, react-dom and the federation runtime core are each downloaded once per page.',
    );
  for (const duplicate of duplicates) out.push(`- FAIL: ${duplicate}`);
  out.push(
    '',
    "Chunks are identified from each build's mf-manifest.json (shared and exposes asset lists), then from",
    'their extracted @license headers; the shell (host/dist/assets) writes no manifest, so its chunks are',
    'named by markers in their code and a mixed chunk counts whole under its first marker.',
    '',
  );
  return out.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');
}
