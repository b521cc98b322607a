import { NOT_AJO_PACKAGES, webJestConfig } from './jest-config.cjs';

// Which files jest leaves untransformed: the platform's TypeScript packages are compiled wherever
// they are installed (a team outside the workspace gets them in node_modules), nothing else is.
const ignored = (file: string) =>
  (webJestConfig().transformIgnorePatterns as string[]).some((p) => new RegExp(p).test(file));

describe('the web packages’ jest settings', () => {
  it('compiles @ajo/shared and @ajo/remote-kit from node_modules, as pnpm and npm install them', () => {
    expect(webJestConfig().transformIgnorePatterns).toEqual([NOT_AJO_PACKAGES]);
    for (const file of [
      '/team/node_modules/.pnpm/@ajo+shared@file+..+tarballs+ajo-shared-0.1.0.tgz/node_modules/@ajo/shared/src/format/money.ts',
      '/team/node_modules/@ajo/remote-kit/src/lifecycles.tsx',
      // The workspace's own source, outside any node_modules.
      '/team/monorepo/shared/src/format/money.ts',
    ]) {
      expect([file, ignored(file)]).toEqual([file, false]);
    }
  });

  it('leaves every other installed package as it is', () => {
    for (const file of [
      '/team/node_modules/.pnpm/react@18.3.1/node_modules/react/index.js',
      '/team/node_modules/zod/index.js',
      '/team/node_modules/.pnpm/@ajo+shared@0.1.0/node_modules/zod/index.js',
      '/team/node_modules/@ajo-fake/x/index.js',
    ]) {
      expect([file, ignored(file)]).toEqual([file, true]);
    }
  });
});
