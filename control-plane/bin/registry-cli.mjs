#!/usr/bin/env node
// The registry CLI (src/registry-cli.ts), run from its TypeScript source through tsx, as
// bin/serve.mjs says why.
import { register } from 'tsx/esm/api';

register();
await import('../src/registry-cli.ts');
