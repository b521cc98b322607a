// Reaches host/bus the way a remote does: through a remote's federation instance with the `host`
// container registered on it (the page's window.__FEDERATION__ holds one instance per container).
import type { Page } from '@playwright/test';

export async function emitFromRemote(page: Page, remote: string, event: unknown): Promise<void> {
  await page.evaluate(
    async ({ remote, event }) => {
      interface Instance {
        name: string;
        loadRemote(id: string): Promise<unknown>;
        registerRemotes(remotes: { name: string; entry: string }[]): void;
      }
      const { __FEDERATION__ } = window as unknown as {
        __FEDERATION__: { __INSTANCES__: Instance[] };
      };
      const instance = __FEDERATION__.__INSTANCES__.find((i) => i.name === remote);
      if (!instance) throw new Error(`${remote} is not loaded on this page`);
      instance.registerRemotes([{ name: 'host', entry: '/mf-manifest.json' }]);
      const { bus } = (await instance.loadRemote('host/bus')) as {
        bus: { emit(e: unknown): void };
      };
      bus.emit(event);
    },
    { remote, event },
  );
}
