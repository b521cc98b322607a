// Runtime configuration served beside the host as /app-config.json (no-cache), filled from the app
// server's environment: nothing environment-specific is compiled into a bundle.
import type { AppConfig } from 'host/api';
import { APP_CONFIG_DATA_ID, readFirstLoadData } from '../first-load-data';

export type { AppConfig };

let pending: Promise<AppConfig> | null = null;

export function getAppConfig(): Promise<AppConfig> {
  // The page carries it (control-plane/src/first-load.ts): no round trip before the first API call.
  const inlined = pending ? undefined : readFirstLoadData<AppConfig>(APP_CONFIG_DATA_ID);
  if (inlined) pending = Promise.resolve(inlined);
  pending ??= fetch('/app-config.json', { cache: 'no-cache' })
    .then((res) => {
      if (!res.ok) throw new Error(`app-config.json: HTTP ${res.status}`);
      return res.json() as Promise<AppConfig>;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** For tests and for a shell that already holds the config. */
export function setAppConfig(config: AppConfig | null): void {
  pending = config ? Promise.resolve(config) : null;
}
