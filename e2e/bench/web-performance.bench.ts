// `npm run bench:web`: Lighthouse 12 mobile on `/`, `/login` and `/dashboard` (a signed-in,
// activated sandbox customer) against the production build, three cold runs each, medians and the
// top opportunities written to docs/benchmarks/web.md (and .json). A benchmark, not a test: it
// asserts nothing, because its numbers depend on the machine; `npm test` checks the bytes, the
// encodings and the request counts instead (docs/decisions/017-compressed-and-budgeted-first-pages.md).
//
// Lighthouse's default settings are the mobile ones the goals are stated in: a Moto G Power screen,
// simulated 150 ms round trips at 1.6 Mbps down, a CPU four times slower than this machine's.
// Every run is a new Chromium profile, so every run is a first visit with an empty cache.
// The same pages are then run with that throttling applied to the load itself (Lighthouse's
// `throttlingMethod: 'devtools'`): the simulation counts every request that started before the
// observed largest paint as something the paint waited for, which a page painted from its HTML
// while its scripts download does not (docs/decisions/025-the-first-screen-painted-from-html.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type Browser, type Request } from '@playwright/test';
import { activatedCustomer } from '../support/activated-customer';
import { CHROMIUM_LAUNCH } from '../support/bundle/first-load.mjs';
import { appBaseURL, repoRoot } from '../support/paths';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORT = path.join(repoRoot, 'docs', 'benchmarks', 'web.md');

interface RunMetrics {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** What the largest paint was (Lighthouse's label of the element), to know what to speed up. */
  lcpElement: string;
  opportunities: Array<{ title: string; savingsMs: number; savingsBytes: number }>;
}

interface Session {
  token: string;
  id: string;
}

type LighthouseResult = {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<
      string,
      {
        title: string;
        score?: number | null;
        numericValue?: number;
        /** Lighthouse 11+: what fixing the audit would save, per metric (ms; CLS unitless). */
        metricSavings?: Record<string, number | undefined>;
        details?: {
          type?: string;
          overallSavingsMs?: number;
          overallSavingsBytes?: number;
          items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; snippet?: string } }> }>;
        };
      }
    >;
  };
};

type Throttling = 'simulate' | 'devtools';

type Audit = LighthouseResult['lhr']['audits'][string];

/** `<h1 class="…">` and its text, shortened: the element Lighthouse found to be the largest paint. */
function lcpElementOf(audit: Audit | undefined): string {
  const node = audit?.details?.items?.[0]?.items?.[0]?.node;
  if (!node) return 'unknown';
  const tag = /^<([a-z0-9]+)/i.exec(node.snippet ?? '')?.[1] ?? 'element';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  return `${tag}: ${label.length > 60 ? `${label.slice(0, 57)}...` : label}`;
}

async function lighthouseRun(
  url: string,
  session: Session | null,
  throttlingMethod: Throttling,
): Promise<RunMetrics> {
  // Both are ESM-only; Playwright compiles this file to CommonJS, so they are imported at run time.
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (
      url: string,
      flags: object,
      config: undefined,
      page: unknown,
    ) => Promise<LighthouseResult>;
  };
  const puppeteer = (await import('puppeteer-core')).default;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ajo-bench-web-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_LAUNCH.executablePath,
    args: [...CHROMIUM_LAUNCH.args, '--headless=new'],
    userDataDir: profile,
  });
  try {
    const page = await browser.newPage();
    if (session) {
      // The signed-in state the app keeps (SPEC §3: tk and id in localStorage), put in place before
      // any of the page's own scripts run and after Lighthouse has cleared the origin's storage.
      await page.evaluateOnNewDocument(
        (tk: string, id: string) => {
          localStorage.setItem('tk', tk);
          localStorage.setItem('id', id);
        },
        session.token,
        session.id,
      );
    }
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'], throttlingMethod },
      undefined,
      page,
    );
    const { audits, categories } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      lcpElement: lcpElementOf(audits['largest-contentful-paint-element']),
      opportunities: Object.values(audits)
        .filter((a) => a.score !== null && a.score !== undefined && a.score < 0.9)
        .map((a) => ({
          title: a.title,
          // The larger of what it saves on LCP, FCP and TBT (ms), as Lighthouse ranks its insights.
          savingsMs: Math.max(
            a.details?.overallSavingsMs ?? 0,
            a.metricSavings?.LCP ?? 0,
            a.metricSavings?.FCP ?? 0,
            a.metricSavings?.TBT ?? 0,
          ),
          savingsBytes: a.details?.overallSavingsBytes ?? 0,
        }))
        .filter((o) => o.savingsMs > 0 || o.savingsBytes > 0)
        .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
        .slice(0, 5),
    };
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/** The goals the product holds itself to on a mid-range phone on a slow network. */
const GOALS = { score: 95, lcp: 1500, tbt: 100, cls: 0 };
/** A signed-in page cannot be painted from HTML (decision 025): its own, looser goals. */
const SIGNED_IN_GOALS = { score: 90, lcp: 2500, tbt: 200, cls: 0 };
const goalsOf = (page: string) => (page === '/dashboard' ? SIGNED_IN_GOALS : GOALS);

function verdict(
  page: string,
  m: { score: number; lcp: number; tbt: number; cls: number },
): string {
  const goals = goalsOf(page);
  const missed = [
    m.score < goals.score && `score < ${goals.score}`,
    m.lcp > goals.lcp && `LCP > ${goals.lcp / 1000} s`,
    m.tbt > goals.tbt && `TBT > ${goals.tbt} ms`,
    m.cls > goals.cls && 'CLS > 0',
  ].filter(Boolean);
  return missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`;
}

type PageRuns = Array<{ page: string; runs: RunMetrics[] }>;

/** What a customer pays for data (2026: ₦430–₦475 a gigabyte), a megabyte being 10^6 bytes. */
const NAIRA_PER_MB = 0.46;

interface VisitCost {
  page: string;
  /** Bytes over the network (bodies as sent, compressed, and response headers), every request. */
  first: number;
  /** The same page again with the HTTP cache kept, and with it emptied (the worker's copies only). */
  repeat: number;
  repeatEmptied: number;
}

/**
 * The bytes a visit costs, counted in the browser on an unthrottled load: a first visit in a new
 * profile, then (the service worker installed and its copies made) a repeat visit, and one more with
 * the HTTP cache emptied, as a phone short of space does (docs/decisions/036-a-service-worker-of-our-own.md).
 */
async function visitCost(browser: Browser, pathname: string, session: Session | null) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    if (session) {
      await context.addInitScript(
        ({ tk, id }) => {
          localStorage.setItem('tk', tk);
          localStorage.setItem('id', id);
        },
        { tk: session.token, id: session.id },
      );
    }
    const page = await context.newPage();
    const load = async () => {
      let bytes = 0;
      const pending: Promise<void>[] = [];
      const onFinished = (request: Request) => {
        pending.push(
          request.response().then(async (response) => {
            // Answered by the worker: its own request to the network, if any, is counted instead.
            if (!response || response.fromServiceWorker()) return;
            const sizes = await request.sizes();
            bytes += sizes.responseBodySize + sizes.responseHeadersSize;
          }),
        );
      };
      context.on('requestfinished', onFinished);
      await page.goto(`${appBaseURL}${pathname}`, { waitUntil: 'networkidle' });
      context.off('requestfinished', onFinished);
      await Promise.all(pending);
      return bytes;
    };
    const first = await load();
    // The worker controls the page and has been handed what this first visit loaded.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const repeat = await load();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const repeatEmptied = await load();
    return { page: pathname, first, repeat, repeatEmptied };
  } finally {
    await context.close();
  }
}

function costSection(costs: VisitCost[]): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const naira = (bytes: number) => `₦${((bytes / 1e6) * NAIRA_PER_MB).toFixed(3)}`;
  return [
    '## The cost of a visit',
    '',
    'Bytes over the network (compressed bodies and response headers, every request: page, code,',
    `data) for a first visit and a repeat visit, unthrottled, and that cost at ₦${NAIRA_PER_MB} a megabyte`,
    '(₦430–₦475 a gigabyte). The repeat visit is served by the service worker; "emptied" is the',
    "same visit after the browser's HTTP cache was cleared (the worker's copies stay).",
    '',
    '| Page | First visit | Cost | Repeat visit | Cost | Repeat, HTTP cache emptied | Cost |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...costs.map(
      (c) =>
        `| \`${c.page}\` | ${kb(c.first)} | ${naira(c.first)} | ${kb(c.repeat)} | ${naira(c.repeat)} | ${kb(c.repeatEmptied)} | ${naira(c.repeatEmptied)} |`,
    ),
    '',
  ];
}

function medians(pages: PageRuns) {
  return pages.map(({ page, runs }) => {
    const m = {
      score: median(runs.map((r) => r.score)),
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      speedIndex: median(runs.map((r) => r.speedIndex)),
    };
    return { page, runs, median: m };
  });
}

function writeReport(simulated: PageRuns, applied: PageRuns, costs: VisitCost[]) {
  const rows = medians(simulated);
  const appliedRows = medians(applied);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  // The largest paint of the run whose LCP is the median one.
  const element = (runs: RunMetrics[], lcp: number) =>
    (runs.find((r) => r.lcp === lcp) ?? runs[0])?.lcpElement ?? 'unknown';
  const row = ({ page, runs, median: m }: (typeof rows)[number]) =>
    `| \`${page}\` | ${m.score} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${seconds(m.speedIndex)} | ${verdict(page, m)} | ${element(runs, m.lcp).replace(/\|/g, '\\|')} |`;
  const lines = [
    '# Web performance (Lighthouse 12, mobile)',
    '',
    `Written by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)}: ${RUNS} cold run(s)`,
    'per page (a new Chromium profile each), Lighthouse 12 mobile defaults (simulated 150 ms RTT,',
    '1.6 Mbps, 4× CPU slowdown), against the production build served by the app server with the',
    'middleware on embedded PGlite; `/dashboard` as a signed-in, activated sandbox customer.',
    `Medians. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average`,
    `${(os.loadavg()[0] ?? 0).toFixed(1)} when the report was written (a busy machine slows the simulated`,
    'CPU too). Goals: score ≥ 95, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS 0; signed in (`/dashboard`): score',
    '≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS 0.',
    '',
    '| Page | Score | FCP | LCP | TBT | CLS | Speed Index | Goals | Largest paint |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows.map(row),
    '',
    '## The same throttling applied to the load',
    '',
    "Lighthouse's `throttlingMethod: 'devtools'`: the page really loads over 562.5 ms request latency",
    'at 1.4 Mbps with the CPU slowed four times (its preset for the same phone and network), instead of',
    'a fast load replayed through the simulator. Slower links than the simulation, and what painted',
    'when is what the browser saw.',
    '',
    '| Page | Score | FCP | LCP | TBT | CLS | Speed Index | Goals | Largest paint |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...appliedRows.map(row),
    '',
    ...costSection(costs),
    '## Top opportunities (from the median-score run)',
    '',
  ];
  for (const { page, runs, median: m } of rows) {
    const run = runs.find((r) => r.score === m.score) ?? runs[0];
    lines.push(`### \`${page}\``, '');
    if (!run || run.opportunities.length === 0) lines.push('None reported.', '');
    else {
      lines.push('| Opportunity | Saves (time) | Saves (bytes) |', '| --- | ---: | ---: |');
      for (const o of run.opportunities) {
        lines.push(
          `| ${o.title} | ${Math.round(o.savingsMs)} ms | ${(o.savingsBytes / 1024).toFixed(1)} KB |`,
        );
      }
      lines.push('');
    }
  }
  // The hand-written "## Notes" section (what the numbers mean, runs to compare) survives a rewrite.
  const previous = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '';
  const notesAt = previous.indexOf('\n## Notes\n');
  if (notesAt >= 0) lines.push(previous.slice(notesAt + 1).trimEnd(), '');
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, lines.join('\n'));
  fs.writeFileSync(
    REPORT.replace(/\.md$/, '.json'),
    `${JSON.stringify({ simulated: rows, applied: appliedRows, costs }, null, 2)}\n`,
  );
}

test('Lighthouse mobile on the first pages', async ({ page, browser }) => {
  test.setTimeout(60 * 60_000);
  const customer = await activatedCustomer(page);
  const session = { token: customer.token, id: customer.id };
  const costs: VisitCost[] = [];
  for (const [pathname, signedIn] of [
    ['/', false],
    ['/login', false],
    ['/dashboard', true],
  ] as const) {
    costs.push(await visitCost(browser, pathname, signedIn ? session : null));
  }
  const measure = async (throttling: Throttling) => {
    const pages: PageRuns = [];
    for (const [pathname, signedIn] of [
      ['/', false],
      ['/login', false],
      ['/dashboard', true],
    ] as const) {
      const runs: RunMetrics[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(
          await lighthouseRun(`${appBaseURL}${pathname}`, signedIn ? session : null, throttling),
        );
      }
      pages.push({ page: pathname, runs });
    }
    return pages;
  };
  const simulated = await measure('simulate');
  writeReport(simulated, await measure('devtools'), costs);
});
