// Runtime configuration served beside the host as /app-config.json (no-cache), filled from the app
// server's environment: nothing environment-specific is compiled into a bundle.
import type { AppConfig } from 'host/api';

export type { AppConfig };

let pending: Promise<AppConfig> | null = null;

export function getAppConfig(): Promise<AppConfig> {
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
