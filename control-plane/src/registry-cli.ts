// Operators' CLI for the remote registry (`npm run registry -- <command>`, bin/registry-cli.mjs)
// (same store as the HTTP API, registry/store.ts):
//   list | history [remote] | publish <remote> [--activate] [--new-remote] | publish-all
//   activate <remote> <version> [--force --reason <text>] | rollback <remote> [<version>]
//   rollout <remote> <version> <percent> [--force --reason <text>] [--stop-above <n> --min-loads <n>]
//   rollout-cancel <remote>
//   mark-bad <remote> <version> --reason <text> | unmark-bad <remote> <version> | repair
// Every change takes --reason <text> (kept in the history) and --if-revision <n> (refused when the
// registry moved on). The history names the operator REGISTRY_OPERATOR, or cli:<login name>.
// DEPLOY_DIR defaults to <repo>/.deploy; REGISTRY_DATABASE_URL selects PostgreSQL.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { liveChecks } from './registry-checks.js';
import { createRegistryStore, publishAll, RegistryError } from './registry/index.js';

const USAGE = `usage: npm run registry -- <command>
  list                                   the registry: revision, live versions, published versions
  history [<remote>] [--limit <n>]       every change, newest first
  publish <remote> [--activate]          publishes <remote>/dist as its package.json version
          [--new-remote]                 (the first version of a remote the registry lacks)
          [--force --reason <text>]      (over the remote's size budget, REGISTRY_MAX_VERSION_BYTES)
  publish-all                            the monorepo build's step (dev labels for rebuilds)
  activate <remote> <version>            makes a published version live
           [--force --reason <text>]     (an unpublished one only forced, with a reason)
  rollback <remote> [<version>]          one step back through what was live, or to <version>
  rollout <remote> <version> <percent>   makes a published version live for <percent> (1-99) of
          [--force --reason <text>]      browsers, the others keeping the live one; 100 activates it
          [--stop-above <n> --min-loads <n>]  stops itself above <n> failures per 1,000 loads
  rollout-cancel <remote>                every browser back on the live version
  mark-bad <remote> <version>            the fallback and one-step rollback skip it (needs
           --reason <text>)              --reason); unmark-bad <remote> <version> clears it
  repair                                 rebuilds an unreadable registry from its last good snapshot
options for changes: --reason <text>, --if-revision <n>, --wins (where the version declares a
  path another remote serves, it takes it)`;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));

function operatorName() {
  if (process.env.REGISTRY_OPERATOR) return process.env.REGISTRY_OPERATOR;
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    return 'cli';
  }
}

let parsed: ReturnType<typeof parseCommandLine>;
try {
  parsed = parseCommandLine();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}

function parseCommandLine() {
  return parseArgs({
    allowPositionals: true,
    options: {
      activate: { type: 'boolean' },
      'new-remote': { type: 'boolean' },
      wins: { type: 'boolean' },
      force: { type: 'boolean' },
      reason: { type: 'string' },
      'if-revision': { type: 'string' },
      limit: { type: 'string' },
      'stop-above': { type: 'string' },
      'min-loads': { type: 'string' },
    },
  });
}
const { values, positionals } = parsed;
const [command, ...args] = positionals;
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
/** What went wrong, in one line: an operator's terminal or a pipeline log, not a stack trace. */
function oneLine(error: unknown) {
  if (error instanceof RegistryError) return error.message;
  const { message, code } = error as { message?: string; code?: string };
  return `registry: ${message ?? String(error)}${code && !message?.includes(code) ? ` (${code})` : ''}`;
}

let store: ReturnType<typeof createRegistryStore>;
try {
  store = createRegistryStore(deployDir, {
    databaseUrl: process.env.REGISTRY_DATABASE_URL || undefined,
    ...liveChecks(path.join(repoRoot, 'host')),
  });
} catch (error) {
  // A REGISTRY_DATABASE_URL that is not one, an unwritable DEPLOY_DIR: said before any command.
  process.stderr.write(`${oneLine(error)}\n`);
  process.exit(1);
}
const change = {
  operator: operatorName(),
  reason: values.reason,
  ifRevision: values['if-revision'] === undefined ? undefined : Number(values['if-revision']),
  wins: values.wins,
};

let code = 0;
try {
  if (change.ifRevision !== undefined && !Number.isInteger(change.ifRevision)) {
    throw new RegistryError('--if-revision takes a revision number');
  }
  switch (command) {
    case 'list':
      print(await store.read());
      break;
    case 'history':
      print(await store.history({ remote: args[0], limit: Number(values.limit) || 100 }));
      break;
    case 'publish':
      print(
        await store.publish(repoRoot, args[0], {
          ...change,
          activate: values.activate,
          newRemote: values['new-remote'],
          // Past the remote's size budget (REGISTRY_MAX_VERSION_BYTES), with a reason.
          force: values.force,
        }),
      );
      break;
    case 'publish-all':
      await publishAll(
        store,
        repoRoot,
        (line: string) => process.stdout.write(`${line}\n`),
        change.operator,
      );
      break;
    case 'activate':
      print(await store.activate(args[0], args[1], { ...change, force: values.force }));
      break;
    case 'rollback':
      print(await store.rollback(args[0], { ...change, to: args[1] }));
      break;
    case 'rollout': {
      // A number when it reads as one, so the store's message names what was typed otherwise.
      const percent = /^\d{1,3}$/.test(args[2] ?? '') ? Number(args[2]) : args[2];
      const count = (flag: unknown) =>
        typeof flag === 'string' && /^\d+(\.\d+)?$/.test(flag) ? Number(flag) : flag;
      print(
        await store.rollout(args[0], args[1], percent, {
          ...change,
          force: values.force,
          stopAbove: count(values['stop-above']),
          minLoads: count(values['min-loads']),
        }),
      );
      break;
    }
    case 'rollout-cancel':
      print(await store.cancelRollout(args[0], change));
      break;
    case 'mark-bad':
      print(await store.markBad(args[0], args[1], change));
      break;
    case 'unmark-bad':
      print(await store.unmarkBad(args[0], args[1], change));
      break;
    case 'repair':
      print(await store.repair(change));
      break;
    default:
      process.stderr.write(`${USAGE}\n`);
      code = 2;
  }
} catch (error) {
  process.stderr.write(`${oneLine(error)}\n`);
  code = 1;
} finally {
  await store.close();
}
process.exit(code);
