/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

// host/build/host-modules.d.ts is the one type declaration of host/api, host/session and host/bus that
// remotes get (each package's tsconfig includes it). It must name exactly what the modules export.
const dts = readFileSync(path.resolve(__dirname, '../../build/host-modules.d.ts'), 'utf8');

function declaredValues(moduleName: string): string[] {
  const start = dts.indexOf(`declare module '${moduleName}' {`);
  const end = dts.indexOf('\n}', start);
  const block = dts.slice(start, end);
  return [...block.matchAll(/^\s*export (?:const|function) (\w+)/gm)].map((m) => m[1] ?? '').sort();
}

describe('declared host module types', () => {
  it.each([
    ['host/api', '../api'],
    ['host/session', '../session'],
    ['host/bus', '../bus'],
  ])('%s declares exactly the values the module exports', (name, modulePath) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const actual = Object.keys(require(modulePath))
      .filter((k) => k !== '__esModule')
      .sort();
    expect(declaredValues(name)).toEqual(actual);
  });

});
