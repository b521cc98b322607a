// The bundle report as Markdown (platform issue item 10).
import { CATEGORIES } from './attribution.mjs';
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

export function renderReport({ packages, pages, budget, duplicates, generatedAt }) {
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

  out.push('## First load in Chromium (cold cache, until network idle)', '');
  out.push(
    table(
      ['Page', 'JS requests', 'Raw', 'gzip'],
      pages.map((r) => [
        `\`${r.pathname}\`${r.signedIn ? ' (fixture session)' : ''}`,
        String(r.chunks.length),
        formatKB(r.raw),
        formatKB(r.gzip),
      ]),
    ),
    '',
  );

  const used = CATEGORIES.filter((c) => pages.some((r) => byCategory(r).has(c)));
  out.push('### gzip by what the code is', '');
  out.push(
    table(
      ['What', ...pages.map((r) => `\`${r.pathname}\``)],
      used.map((c) => [c, ...pages.map((r) => formatKB(byCategory(r).get(c) ?? 0))]),
    ),
    '',
  );

  for (const result of pages) {
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
  if (home) {
    const top = biggestContributor(home);
    const verdict = home.gzip <= budget ? 'within' : 'OVER';
    out.push(
      `- First load of \`/\`: ${formatKB(home.gzip)} gzip, ${verdict} the ${formatKB(budget)} budget.`,
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
  if (duplicates.length === 0) out.push('- react and react-dom are each downloaded once per page.');
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
