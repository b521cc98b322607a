// Releases as a team's pipeline ships them (docs/decisions/038-remotes-declare-their-routes.md): the
// build of a remote in this checkout (the version `npm run build` published into .deploy), packed as
// a .tar.gz and uploaded to a private app server's operator API, a remote that server never had
// added with `new-remote`. Nothing of the shell is built again: what the shell shows comes from the
// registry document.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeRunDir } from './deploy-dir';
import { operatorCall, type Server } from './operator';
import { appBaseURL, deploySourceDir } from './paths';

export interface Build {
  remote: string;
  /** The version the build was made as (its manifest's buildVersion). */
  version: string;
  /** The build's files (a copy, without the .br/.gz publishing writes again). */
  dir: string;
  /** The build as a .tar.gz file, as a team uploads it. */
  archive: string;
}

/**
 * This checkout's build of `remote`: the version the shared app server gives everyone, copied out of
 * .deploy; `change` may alter the copy (its manifest, say) before it is packed.
 */
export async function buildOf(remote: string, change?: (dir: string) => void): Promise<Build> {
  const res = await fetch(`${appBaseURL}/registry.json`, { headers: { cookie: 'ajo-bucket=99' } });
  const doc = (await res.json()) as { remotes: Record<string, { version: string }> };
  const label = doc.remotes[remote]?.version;
  if (!label) throw new Error(`the shared app server has no live ${remote}`);
  const dir = path.join(makeRunDir(`build-${remote}`), 'dist');
  fs.cpSync(path.join(deploySourceDir, 'remotes', remote, label), dir, {
    recursive: true,
    filter: (file) => !/\.(br|gz)$/.test(file),
  });
  change?.(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const archive = path.join(dir, '..', `${remote}.tar.gz`);
  fs.writeFileSync(archive, execFileSync('tar', ['-czf', '-', '-C', dir, '.']));
  return { remote, version: manifest.metaData.buildInfo.buildVersion, dir, archive };
}

/** What a build's manifest declares it contributes, changed by `change` (a new release's routes). */
export function changeContributions(
  dir: string,
  change: (contributes: { routes: { path: string }[]; nav?: { path: string }[] }) => void,
  version?: string,
): void {
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(manifest.contributes);
  if (version) manifest.metaData.buildInfo.buildVersion = version;
  fs.writeFileSync(file, JSON.stringify(manifest));
}

/**
 * Uploads `build` (PUT /_operator/registry/<remote>/versions/<version>; `newRemote` for a remote the
 * server never had) and, with `activate`, makes it live through the same checks as any version.
 */
export async function release(
  server: Server,
  build: Build,
  { newRemote = false, activate = true }: { newRemote?: boolean; activate?: boolean } = {},
): Promise<void> {
  const query = newRemote ? '?new-remote=1' : '';
  const uploaded = await operatorCall(
    server,
    'PUT',
    `/${build.remote}/versions/${build.version}${query}`,
    fs.readFileSync(build.archive),
  );
  if (uploaded.status !== 201) {
    throw new Error(
      `publishing ${build.remote}@${build.version}: ${uploaded.status} ${await uploaded.text()}`,
    );
  }
  if (!activate) return;
  const live = await operatorCall(server, 'PUT', `/${build.remote}`, { version: build.version });
  if (!live.ok) {
    throw new Error(
      `activating ${build.remote}@${build.version}: ${live.status} ${await live.text()}`,
    );
  }
}
