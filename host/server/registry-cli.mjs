#!/usr/bin/env node
// Operators' CLI for the remote registry (same module as the HTTP endpoint):
//   node host/server/registry-cli.mjs list
//   node host/server/registry-cli.mjs publish <remote> [--activate]
//   node host/server/registry-cli.mjs publish-all
//   node host/server/registry-cli.mjs activate <remote> <version> [--force]
//   node host/server/registry-cli.mjs rollback <remote>
// DEPLOY_DIR defaults to <repo>/.deploy.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistryStore, publishAll, RegistryError } from './registry-store.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
const store = createRegistryStore(deployDir);

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const args = rest.filter((a) => !a.startsWith('--'));
const print = (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

try {
  switch (command) {
    case 'list':
      print(store.read());
      break;
    case 'publish':
      print(store.publish(repoRoot, args[0], { activate: flags.has('--activate') }));
      break;
    case 'publish-all':
      publishAll(store, repoRoot, (line) => process.stdout.write(`${line}\n`));
      break;
    case 'activate':
      print(store.activate(args[0], args[1], { force: flags.has('--force') }));
      break;
    case 'rollback':
      print(store.rollback(args[0]));
      break;
    default:
      process.stderr.write(
        'usage: registry-cli.mjs list | publish <remote> [--activate] | publish-all | activate <remote> <version> [--force] | rollback <remote>\n',
      );
      process.exit(2);
  }
} catch (error) {
  process.stderr.write(`${error instanceof RegistryError ? error.message : error.stack}\n`);
  process.exit(1);
}
