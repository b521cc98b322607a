// The one place that imports zod. ARCHITECTURE "Security habits": the pages run under a CSP without
// 'unsafe-eval', so zod must never compile parsers with `new Function`. zod decides this when a schema
// is constructed, so the config runs here, before any schema module builds its schemas (every schema
// file imports `z` from this module, never from 'zod/mini' directly).
import { z } from 'zod/mini';

z.config({ jitless: true });

export { z };
