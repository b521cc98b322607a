// The one place that imports zod. docs/architecture.md "Security habits": the pages run under a CSP
// without 'unsafe-eval', so zod must never compile parsers with `new Function`. zod decides this
// when a schema is constructed, so the config runs here, before any schema module builds its
// schemas (every schema file imports `z` from this module, never from 'zod/mini' directly). `z` is
// the curated subset of zod/mini in ./zod-api, so the browser downloads only what the schemas use.
import * as z from './zod-api';

z.config({ jitless: true });

export { z };
