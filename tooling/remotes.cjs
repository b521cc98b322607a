// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, read by the workspace's own tools */
'use strict';
// The remotes of this workspace: every `mfe-*` folder with a `remote.json`, the declaration the
// remote owns (what it contributes: its name, routes, sidebar entries, home page; see
// ./contributions.cjs and docs/decisions/038-remotes-declare-their-routes.md). For the workspace's
// own tools only: the lint zones (eslint.config.mjs), the root scripts (scripts/lib.mjs: build and
// publish every remote), the bundle budgets of the journeys. The shell and the app server never
// read it: they learn the remotes and their routes from the registry at run time.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/**
 * @typedef {import('./contributions.cjs').RemoteDeclaration & { folder: string }} Remote
 */

/** @returns {Remote[]} */
function readRemotes() {
  return fs
    .readdirSync(ROOT)
    .filter((folder) => folder.startsWith('mfe-') && fs.existsSync(path.join(ROOT, folder, 'remote.json')))
    .sort()
    .map((folder) => ({
      ...JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'remote.json'), 'utf8')),
      folder,
    }));
}

/** @type {readonly Remote[]} */
const REMOTES = readRemotes();

/**
 * The workspace folder of a remote.
 * @param {{ name: string, folder?: string }} remote
 */
const remoteFolder = (remote) =>
  remote.folder ?? REMOTES.find((r) => r.name === remote.name)?.folder ?? `mfe-${remote.name.replace(/_/g, '-')}`;

/**
 * The package name of a remote (its package.json).
 * @param {{ name: string, folder?: string }} remote
 */
const remotePackage = (remote) => {
  const file = path.join(ROOT, remoteFolder(remote), 'package.json');
  return fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, 'utf8')).name
    : `@ajo/${remoteFolder(remote)}`;
};

module.exports = { REMOTES, remoteFolder, remotePackage };
