// Runs once per run, before any browser starts: the fake-camera files the `camera` and
// `blank-camera` projects' Chromium flags point at (support/fake-camera.ts), in the run folder
// playwright.config.ts makes (and removes when the run ends).
import { writeFakeCameraFiles } from './fake-camera';

export default function globalSetup(): void {
  const runDir = process.env.AJO_E2E_RUN_DIR;
  if (!runDir) throw new Error('AJO_E2E_RUN_DIR is not set: playwright.config.ts makes it.');
  writeFakeCameraFiles(runDir);
}
