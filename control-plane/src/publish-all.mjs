#!/usr/bin/env node
// Called by the root `npm run build` after `pnpm -r build`: publishes every remote's dist into the
// deploy folder (a rebuild without a version bump under a dev label: live versions are never
// rewritten) and makes it live where the remote follows the local build, so `serve.mjs` works next.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveChecks } from './registry-checks.mjs';
import { createRegistryStore, publishAll } from './registry-store.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
const store = createRegistryStore(deployDir, {
  databaseUrl: process.env.REGISTRY_DATABASE_URL || undefined,
  ...liveChecks(path.join(repoRoot, 'host')),
});
try {
  await publishAll(store, repoRoot, (line) => process.stdout.write(`${line}\n`));
} finally {
  await store.close();
}
