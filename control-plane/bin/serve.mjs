#!/usr/bin/env node
// The app server (src/serve.ts), run from its TypeScript source through tsx: the control plane
// has no build step, because the build itself uses it (publishing, first paint) before anything is
// built (docs/decisions/031-the-control-plane-in-a-package-of-its-own.md).
import { register } from 'tsx/esm/api';

register();
await import('../src/serve.ts');
