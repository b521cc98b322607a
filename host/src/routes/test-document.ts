// Test support only (never imported by the shell; the scan in no-remote-named.test.ts skips it): a
// registry document carrying what the workspace's remotes declare (their remote.json, read through
// @ajo/tooling/remotes), as the app server would serve it, so the shell's behaviour tests keep
// their meaning now that the route table comes from the document.
import { REMOTES } from '@ajo/tooling/remotes';
import type { Contributions } from '@ajo/tooling/contributions';
import type { RegistryDocument } from '../federation/registry-client';
import { setRouteDocument } from './route-table';

/** What a workspace remote's remote.json contributes (its name left out, as the build does). */
export function workspaceContributions(name: string): Contributions {
  const remote = REMOTES.find((r) => r.name === name);
  if (!remote) throw new Error(`${name} is not a remote of the workspace`);
  const { name: _name, folder: _folder, ...contributes } = remote;
  return JSON.parse(JSON.stringify(contributes)) as Contributions;
}

/** The document of the workspace's remotes, each at `version` (1.0.0). */
export function workspaceDocument(version = '1.0.0'): RegistryDocument {
  return {
    remotes: Object.fromEntries(
      REMOTES.map((remote) => [
        remote.name,
        {
          version,
          manifest: `/remotes/${remote.name}/${version}/mf-manifest.json`,
          contributes: workspaceContributions(remote.name),
        },
      ]),
    ),
  };
}

/** Composes the shell's route table from the workspace document (call in a test file's setup). */
export function composeWorkspaceRoutes(): void {
  setRouteDocument(workspaceDocument());
}
