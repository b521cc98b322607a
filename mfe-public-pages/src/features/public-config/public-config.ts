// What the public pages show from the runtime configuration (/app-config.json, host README): who
// holds the money and where the mobile apps are. Defaults keep the pages whole if it cannot load.
import { useEffect, useState } from 'react';

export interface PublicConfig {
  bankName: string;
  bankLicence: string;
  androidStoreUrl: string;
  iosStoreUrl: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  bankName: 'Ajo Microfinance Bank',
  bankLicence: 'Licensed by the Central Bank of Nigeria',
  androidStoreUrl: 'https://play.google.com/store/apps/details?id=ng.ajowallet',
  iosStoreUrl: 'https://apps.apple.com/ng/app/ajo-wallet/id6450000001',
};

/** Shown in the FAQ's support note and the landing footer (SPEC §2: contact support by email). */
export const SUPPORT_EMAIL = 'support@ajowallet.ng';

/**
 * Read straight from /app-config.json rather than through host/api's getAppConfig: that module
 * brings the HTTP client and the cipher (about 27 KB gzip), which would push the landing page's
 * first load over its budget (docs/decisions/003-bundle-budget-choices.md) for four strings.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const config = inlinedConfig() ?? (await fetchConfig());
    return {
      bankName: config.bankName || DEFAULT_PUBLIC_CONFIG.bankName,
      bankLicence: config.bankLicence || DEFAULT_PUBLIC_CONFIG.bankLicence,
      androidStoreUrl: config.androidStoreUrl || DEFAULT_PUBLIC_CONFIG.androidStoreUrl,
      iosStoreUrl: config.iosStoreUrl || DEFAULT_PUBLIC_CONFIG.iosStoreUrl,
    };
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

/**
 * The config the app server put in the page (control-plane/src/first-load.ts writes it under this id):
 * no round trip. A page without it (a static host) fetches /app-config.json.
 */
function inlinedConfig(): Partial<PublicConfig> | undefined {
  const text = globalThis.document?.getElementById('ajo-app-config')?.textContent;
  return text ? (JSON.parse(text) as Partial<PublicConfig>) : undefined;
}

async function fetchConfig(): Promise<Partial<PublicConfig>> {
  const res = await fetch('/app-config.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`app-config.json: HTTP ${res.status}`);
  return (await res.json()) as Partial<PublicConfig>;
}

/** The configuration once loaded; the defaults until then. */
export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState(DEFAULT_PUBLIC_CONFIG);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((loaded) => live && setConfig(loaded));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
