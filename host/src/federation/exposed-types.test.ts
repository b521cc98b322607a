/** @jest-environment node */
import { readFileSync } from 'node:fs';
import type * as DeclaredApi from 'host/api';
import type * as DeclaredBus from 'host/bus';
import type * as DeclaredSession from 'host/session';
import type * as Api from '../api';
import type * as Bus from '../bus';
import type * as Session from '../session';

// @ajo/remote-kit/host-modules is the one type declaration of host/api, host/session and host/bus:
// remotes compile against it, the host's modules are typed by it. It must name exactly what the
// modules export, and what they export must satisfy it.
const dts = readFileSync(require.resolve('@ajo/remote-kit/host-modules'), 'utf8');

function declaredValues(moduleName: string): string[] {
  const start = dts.indexOf(`declare module '${moduleName}' {`);
  const end = dts.indexOf('\n}', start);
  const block = dts.slice(start, end);
  return [...block.matchAll(/^\s*export (?:const|function) (\w+)/gm)].map((m) => m[1] ?? '').sort();
}

// Compile-time half: each module's values are assignable to the declared ones (tsc fails otherwise).
type Satisfies<Actual extends Declared, Declared> = [Actual, Declared];
export type Checked = [
  Satisfies<Pick<typeof Api, keyof typeof DeclaredApi>, typeof DeclaredApi>,
  Satisfies<Pick<typeof Session, keyof typeof DeclaredSession>, typeof DeclaredSession>,
  Satisfies<Pick<typeof Bus, keyof typeof DeclaredBus>, typeof DeclaredBus>,
];

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
