// The shape of the encrypted envelope (docs/architecture.md "The wire contract"): `{ encrypted }`.
// Apart from ./crypto.ts so that telling an envelope from a plain answer costs no cipher download.
export function isEnvelope(data: unknown): data is { encrypted: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { encrypted?: unknown }).encrypted === 'string'
  );
}
