/** @jest-environment node */
// The app server composes what it knows of remotes from the registry at run time
// (docs/decisions/038-remotes-declare-their-routes.md): none of its code names a remote or one of
// a remote's routes. Tests may (they build documents from the workspace's remote.json files).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';

const ROOT = path.resolve(__dirname, '..');
const isTestFile = (file: string) =>
  /\.test\.[cm]?[jt]s$|test-support\.ts$|-suite\.ts$/.test(file);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|mjs|js|cjs|html)$/.test(entry) && !isTestFile(entry) ? [full] : [];
  });
}

/** Each quoted path or name of a remote in `text`: `'/dashboard'`, `"wallets"`, `` `/faq/x` ``. */
export function namedRemotes(text: string) {
  const paths = REMOTES.flatMap((remote) => remote.routes.map((route) => route.path));
  const names = REMOTES.map((remote) => remote.name);
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const p of paths) {
      if (new RegExp(`['"\`]${p.replace(/[/-]/g, '\\$&')}(?:['"\`/?#]|$)`).test(line)) {
        found.push(`${i + 1}: ${p}`);
      }
    }
    for (const name of names) {
      if (new RegExp(`['"\`]${name}['"\`]`).test(line)) found.push(`${i + 1}: ${name}`);
    }
  });
  return found;
}

describe('the app server names no remote', () => {
  it('finds a route path or a remote name when one is written in', () => {
    expect(namedRemotes("const x = '/dashboard/payments/airtime';")).toContain(
      '1: /dashboard/payments/airtime',
    );
    expect(namedRemotes('if (name === "wallets") return;')).toEqual(['1: wallets']);
    expect(namedRemotes('const url = `/faq/${id}`;')).toEqual(['1: /faq']);
  });

  it('in none of its code (src, bin)', () => {
    const named = [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'bin'))].flatMap(
      (file) =>
        namedRemotes(readFileSync(file, 'utf8')).map(
          (hit) => `${path.relative(ROOT, file)}:${hit}`,
        ),
    );
    expect(named).toEqual([]);
  });
});
