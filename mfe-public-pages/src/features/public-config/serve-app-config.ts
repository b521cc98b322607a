// Tests only: answers the page's fetch of /app-config.json with `config`, or fails it.
export function serveAppConfig(config: Record<string, unknown> | Error): jest.Mock {
  const fetchMock = jest.fn(async (url: string) => {
    if (config instanceof Error || url !== '/app-config.json') throw config;
    return { ok: true, status: 200, json: async () => config };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
