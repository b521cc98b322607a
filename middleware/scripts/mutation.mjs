#!/usr/bin/env node
// `npm run mutation [-- area ...]`: mutation testing (StrykerJS with its jest runner) of the money and
// auth code, area by area (scripts/mutation-areas.mjs), then the report docs/benchmarks/mutation.md:
// the mutation score per module and every surviving mutant, so a reader sees which rule has no test
// that would notice it breaking. A report, not a gate: it takes tens of minutes on two cores, so it
// is not part of `npm test`. Runs on PostgreSQL: TEST_DATABASE_URL when set, else a throwaway
// cluster (../scripts/pg-cluster.mjs), whose test databases are ready about three times sooner than
// a PGlite boot per test file (and the *.pg.test.ts files join in); PGlite when neither is there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_AREAS } from './mutation-areas.mjs';

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.resolve(PACKAGE, '..', 'docs', 'benchmarks', 'mutation.md');
const jsonReport = (area) => path.join(PACKAGE, 'reports', 'mutation', `${area}.json`);

// `--report-only`: rewrite the report from the JSON files of earlier runs, running nothing.
const reportOnly = process.argv.includes('--report-only');
const asked = process.argv.slice(2).filter((arg) => arg !== '--report-only');
for (const area of asked) {
  if (!Object.hasOwn(MUTATION_AREAS, area)) {
    console.error(`Unknown area ${area}: ${Object.keys(MUTATION_AREAS).join(', ')}`);
    process.exit(2);
  }
}
const areas = reportOnly ? [] : asked.length > 0 ? asked : Object.keys(MUTATION_AREAS);

let databaseUrl = process.env.TEST_DATABASE_URL || undefined;
let cluster;
if (areas.length > 0 && !databaseUrl) {
  const { startThrowawayCluster } = await import(
    path.join(PACKAGE, '..', 'scripts', 'pg-cluster.mjs')
  );
  try {
    cluster = await startThrowawayCluster('ajo-mutation-pg-');
    databaseUrl = cluster.url;
  } catch (error) {
    console.warn(`No PostgreSQL (${error.message}): mutation testing on embedded PGlite`);
  }
}
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';

try {
  for (const area of areas) {
    console.log(`\n▶ mutation testing on ${database}: ${MUTATION_AREAS[area].title}`);
    const started = Date.now();
    const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
      cwd: PACKAGE,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_AREA: area, TEST_DATABASE_URL: databaseUrl ?? '' },
    });
    if (run.status !== 0) {
      console.error(
        `Stryker failed on ${area} (exit ${run.status}); the report keeps its last run`,
      );
      process.exitCode = 1;
      continue;
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    const meta = path.join(PACKAGE, 'reports', 'mutation', `${area}.meta.json`);
    writeFileSync(meta, JSON.stringify({ seconds, at: new Date().toISOString(), database }));
  }
} finally {
  cluster?.stop();
}

/** Killed and timed-out mutants were noticed by a test; survivors and uncovered ones were not. */
function tally(mutants) {
  const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = detected + survived + noCoverage;
  return {
    detected,
    survived,
    noCoverage,
    ignored: count('CompileError', 'RuntimeError', 'Ignored'),
    score: valid === 0 ? null : (100 * detected) / valid,
  };
}

/** A short run (an incremental one, mostly) in seconds, a longer one in minutes. */
const duration = (seconds) => (seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`);

const percent = (score) => (score === null ? 'n/a' : `${score.toFixed(1)} %`);

function section(area) {
  const file = jsonReport(area);
  const { title } = MUTATION_AREAS[area];
  if (!existsSync(file))
    return (
      keptSection(title) ?? [
        `## ${title}`,
        '',
        'Not run yet: `npm run mutation -- ' + area + '`.',
        '',
      ]
    );
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const metaFile = file.replace(/\.json$/, '.meta.json');
  const meta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : null;
  const rows = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
  const all = tally(rows.flatMap(([, f]) => f.mutants));
  const lines = [
    `## ${title}`,
    '',
    `Area \`${area}\`: mutation score ${percent(all.score)} (${all.detected} detected, ${all.survived} survived, ${all.noCoverage} without coverage${all.ignored > 0 ? `; ${all.ignored} not run, not counted` : ''})` +
      (meta
        ? `, run ${meta.at.slice(0, 10)} in ${duration(meta.seconds)} on ${meta.database ?? 'PGlite'}.`
        : '.'),
    '',
    '| module | score | detected | survived | no coverage |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const [name, f] of rows) {
    const t = tally(f.mutants);
    lines.push(
      `| \`${path.relative(PACKAGE, path.resolve(PACKAGE, name))}\` | ${percent(t.score)} | ${t.detected} | ${t.survived} | ${t.noCoverage} |`,
    );
  }
  const missed = rows.flatMap(([name, f]) =>
    f.mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .map((m) => {
        const where = `${path.relative(PACKAGE, path.resolve(PACKAGE, name))}:${m.location.start.line}`;
        const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70);
        return `| \`${where}\` | ${m.mutatorName} | \`${replacement.replace(/\|/g, '\\|')}\` | ${m.status} |`;
      }),
  );
  lines.push('');
  if (missed.length > 0) {
    lines.push(
      'Mutants no test noticed:',
      '',
      '| where | mutator | replaced by | status |',
      '|---|---|---|---|',
      ...missed,
    );
  } else {
    lines.push('Every mutant was noticed by a test.');
  }
  lines.push('');
  return lines;
}

// An area without a JSON report here (reports/ is not committed, so a fresh checkout has none)
// keeps its section of the committed report: running one area must not erase the others' results.
function keptSection(title) {
  const start = previous.indexOf(`\n## ${title}\n`);
  if (start < 0) return null;
  const end = previous.indexOf('\n## ', start + 1);
  return [previous.slice(start + 1, end < 0 ? undefined : end).trimEnd(), ''];
}

// The "Notes" section at the end is written by hand (which survivors are equivalent, and why) and
// kept across runs.
const previous = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
const notesAt = previous.indexOf('\n## Notes\n');
const notes = notesAt < 0 ? [] : [previous.slice(notesAt + 1).trimEnd(), ''];

const body = [
  '# Mutation testing of the money and auth code',
  '',
  'Written by `npm run mutation` in `middleware/` (StrykerJS 9 with its jest runner, on PostgreSQL',
  'or embedded PGlite as each area says). Each mutant is a small change to the code (a condition flipped, a boundary moved, a',
  'statement removed); a test suite that notices none of them would pass with the rule broken.',
  'Score = detected / (detected + survived + without coverage). A report, not a gate; the goal is',
  'no survivor in the lockout, idempotency and balance rules. Equivalent mutants (a change that',
  'cannot alter behaviour, such as a log line) may survive and are listed for a reader to judge.',
  '',
  ...Object.keys(MUTATION_AREAS).flatMap(section),
  ...notes,
].join('\n');
writeFileSync(REPORT, body);
console.log(`\nWrote ${path.relative(process.cwd(), REPORT)}`);
