// Journeys that switch a remote's version must never touch the developer's .deploy folder, so every
// app server the tests start serves its own copy (docs/architecture.md "Micro-frontends": operators
// change the registry document; here the tests are the operators).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deploySourceDir } from './paths';

/** A fresh temporary folder for one test run (or one extra app server). */
export function makeRunDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ajo-e2e-${prefix}-`));
}

/** Copies the repo's .deploy into `target` and returns the copy's path. */
export function copyDeployDir(target: string): string {
  fs.cpSync(deploySourceDir, target, { recursive: true });
  return target;
}
