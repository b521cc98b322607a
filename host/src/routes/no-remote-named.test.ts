// The shell composes the app at run time from what the remotes declare
// (docs/decisions/038-remotes-declare-their-routes.md): nothing in its source names a remote or one of
// a remote's routes, or a new screen or a new remote would need a shell release again. This holds
// it: every route path the workspace's remotes declare (their remote.json) and every remote name
// written as a string, anywhere in the shell's source (comments included), its page and its build
// config. Tests and test support may name them; they describe the workspace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';

const HOST = path.resolve(__dirname, '../..');

/** Test files and the helpers only tests import. */
const TEST_SUPPORT = [/\.test\.[jt]sx?$/, /(^|\/)test-document\.ts$/, /(^|\/)test-helpers\.ts$/];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|js|mjs|cjs|css|html)$/.test(entry.name) ? [file] : [];
  });
}

/** The shell: its source, its page and service worker, its build config. */
function shellFiles(): string[] {
  return [
    ...sourceFiles(path.join(HOST, 'src')),
    ...sourceFiles(path.join(HOST, 'public')),
    path.join(HOST, 'webpack.config.cjs'),
  ].filter((file) => !TEST_SUPPORT.some((pattern) => pattern.test(file)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A route path as a path of its own: `/register` but not `./federation/register-apps` (a word
 * before it) nor `/register-apps` or `/registered` (more of a path segment after it); `/dashboard`
 * inside `/dashboard/alerts` does count.
 */
const pathPattern = (routePath: string) =>
  new RegExp(`(?<![\\w])${escape(routePath)}(?![a-z0-9-])`);

/** A remote name as a string: 'wallets', "wallets", `wallets`. */
const namePattern = (name: string) => new RegExp(`(['"\`])${escape(name)}\\1`);

/**
 * A type that picks a field of the same spelling (`Pick<User, 'wallets'>`: the user's wallets, not
 * the remote) is not a name of the remote.
 */
const withoutFieldPicks = (line: string) => line.replace(/\b(Pick|Omit)<[^>]*>/g, '');

interface Finding {
  where: string;
  what: string;
}

/** Where `files` name a workspace remote or one of its routes, as `file:line`. */
function remoteMentions(
  files: string[],
  remotes: ReadonlyArray<{ name: string; routes: ReadonlyArray<{ path: string }> }> = REMOTES,
): Finding[] {
  const paths = remotes.flatMap((remote) => remote.routes.map((route) => route.path));
  const names = remotes.map((remote) => remote.name);
  const findings: Finding[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const where = `${path.relative(HOST, file)}:${i + 1}`;
      for (const routePath of paths) {
        if (pathPattern(routePath).test(line)) findings.push({ where, what: `route ${routePath}` });
      }
      for (const name of names) {
        if (namePattern(name).test(withoutFieldPicks(line))) {
          findings.push({ where, what: `remote '${name}'` });
        }
      }
      if (line.includes('@ajo/tooling/remotes')) {
        findings.push({ where, what: 'the workspace list of remotes (@ajo/tooling/remotes)' });
      }
    });
  }
  return findings;
}

describe('the shell names no remote and none of their routes', () => {
  it('scans the shell’s own files, and not the tests', () => {
    const files = shellFiles().map((file) => path.relative(HOST, file));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/routes/route-table.ts',
        'src/routes/guard.ts',
        'src/layout/sidebar-links.ts',
        'src/federation/register-apps.tsx',
        'public/index.html',
        'webpack.config.cjs',
      ]),
    );
    expect(files.filter((f) => /\.test\.|test-document|test-helpers/.test(f))).toEqual([]);
  });

  it('finds no route path a remote declares, no remote name and no list of remotes', () => {
    // Listed as file:line, so the message says where to look.
    expect(remoteMentions(shellFiles()).map((f) => `${f.where} ${f.what}`)).toEqual([]);
  });

  it('would see one (the scan can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-scan-'));
    const file = path.join(dir, 'sample.ts');
    fs.writeFileSync(
      file,
      [
        "import { REMOTES } from '@ajo/tooling/remotes';",
        "const home = '/dashboard';",
        'const link = `/dashboard/payments/airtime`;',
        "if (owner === 'payments') go();",
        "type W = Pick<User, 'wallets'>;",
        "import x from './federation/register-apps';",
        "const other = '/registered';",
      ].join('\n'),
    );
    try {
      expect(remoteMentions([file]).map((f) => `${path.basename(f.where)} ${f.what}`)).toEqual([
        'sample.ts:1 the workspace list of remotes (@ajo/tooling/remotes)',
        'sample.ts:2 route /dashboard',
        'sample.ts:3 route /dashboard/payments/airtime',
        'sample.ts:3 route /dashboard',
        "sample.ts:4 remote 'payments'",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
