// Stands a crashing build in for a real remote, in one page only: the remote's remoteEntry.js is
// answered with a minimal federation container (type "global", as its mf-manifest.json declares)
// whose ./app either throws while its code evaluates or hands single-spa a mount that rejects.
// Nothing on disk changes, so other journeys keep the real remote.
import type { Page } from '@playwright/test';

export type Crash = 'mount rejects' | 'module throws';

function containerSource(globalName: string, crash: Crash): string {
  const factory =
    crash === 'module throws'
      ? `function () { throw new Error('e2e: ${globalName}/app threw while loading'); }`
      : `function () {
          return {
            bootstrap: function () { return Promise.resolve(); },
            mount: function () { return Promise.reject(new Error('e2e: ${globalName} mount rejected')); },
            unmount: function () { return Promise.resolve(); },
          };
        }`;
  return `globalThis[${JSON.stringify(globalName)}] = {
    init: function () { return Promise.resolve(); },
    get: function () { return Promise.resolve(${factory}); },
  };`;
}

/** Every remoteEntry.js of `remote` (any version) answers with the crashing container. */
export async function crashRemote(page: Page, remote: string, crash: Crash): Promise<void> {
  await page.route(`**/remotes/${remote}/*/remoteEntry.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: containerSource(remote, crash) }),
  );
}
