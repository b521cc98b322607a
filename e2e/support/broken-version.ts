// Publishes a broken version of a real remote the way a team would ship one: a copy of the live
// version's published folder, changed, stamped with a new version label and uploaded to the operator
// API as a .tar.gz (PUT /_operator/registry/<remote>/versions/<version>). Only the private app
// server it is uploaded to ever sees it.
import fs from 'node:fs';
import path from 'node:path';
import { activeVersion, publishCopy, type Server } from './operator';

export type Breakage = (dir: string, label: string) => void;

const textFiles = (dir: string) =>
  fs.readdirSync(dir).filter((file) => file.endsWith('.js') || file.endsWith('.json'));

/** Replaces `pattern` in the folder's .js files; the build must hold exactly `expected` matches. */
function patchScripts(dir: string, pattern: RegExp, replacement: string, expected: number): void {
  let found = 0;
  for (const file of textFiles(dir).filter((f) => f.endsWith('.js'))) {
    const full = path.join(dir, file);
    const code = fs.readFileSync(full, 'utf8');
    const matches = code.match(pattern)?.length ?? 0;
    if (!matches) continue;
    found += matches;
    fs.writeFileSync(full, code.replace(pattern, replacement));
  }
  if (found !== expected) {
    throw new Error(`expected ${expected} matches of ${pattern} in the build, found ${found}`);
  }
}

/**
 * A build whose react and react-dom requirement is ^19 and strict (a team that moved to React 19):
 * what the remote asks of the shared scope at run time (the consumes in remoteEntry.js) and what its
 * manifest declares, which the activation checks read.
 */
export const requiresReact19: Breakage = (dir) => {
  // react, react/jsx-runtime, react-dom, react-dom/client.
  patchScripts(
    dir,
    /requiredVersion:"\^18\.3\.1",strictVersion:!1/g,
    'requiredVersion:"^19.0.0",strictVersion:!0',
    4,
  );
  const manifestPath = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  for (const shared of manifest.shared) {
    if (/^react(-dom)?(\/|$)/.test(shared.name)) shared.requiredVersion = '^19.0.0';
  }
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
};

/** A build whose exposed ./app hands single-spa a mount that rejects. */
export const mountThrows: Breakage = (dir, label) => {
  patchScripts(
    dir,
    /(\{bootstrap:\(\)=>[\w$]+,mount:\(\)=>)[\w$]+(,unmount:\(\)=>[\w$]+\})/g,
    `$1function(){return Promise.reject(new Error("e2e: version ${label} mount threw"))}$2`,
    1,
  );
};

/** A build whose exposed ./app hands single-spa a mount that resolves and renders nothing. */
export const mountRendersNothing: Breakage = (dir) => {
  patchScripts(
    dir,
    /(\{bootstrap:\(\)=>[\w$]+,mount:\(\)=>)[\w$]+(,unmount:\(\)=>[\w$]+\})/g,
    '$1function(){return Promise.resolve()}$2',
    1,
  );
};

/**
 * Uploads a copy of `remote`'s live version, broken by `breakage`, as version `label`.
 * Answers the version it was copied from.
 */
export async function publishBrokenVersion(
  server: Server & { deployDir: string },
  remote: string,
  label: string,
  breakage: Breakage,
): Promise<string> {
  const from = await activeVersion(server, remote);
  await publishCopy(server, remote, from, label, (dir) => {
    breakage(dir, label);
    // A build of another version says so in its federation build id too (name:version). The id
    // holds the version the build was made as (its manifest's buildVersion), which is not the
    // folder's label when the registry published it under a content label (0.1.0-dev.<digest>).
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    const built: string = manifest.metaData.buildInfo.buildVersion;
    patchScripts(
      dir,
      new RegExp(`"${remote}:${built.replace(/\./g, '\\.')}"`, 'g'),
      `"${remote}:${label}"`,
      1,
    );
  });
  return from;
}
