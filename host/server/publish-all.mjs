#!/usr/bin/env node
// Called by the root `npm run build` after `pnpm -r build`: publishes every remote's dist into the
// deploy folder and activates it where nothing is active yet, so `node host/server/serve.mjs` works next.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistryStore, publishAll } from './registry-store.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
publishAll(createRegistryStore(deployDir), repoRoot, (line) => process.stdout.write(`${line}\n`));
