// The child process of the mount check (mount-check.ts): runs the page once and reports by IPC.
// A plain script, as bin/*.mjs are: the app server forks it with plain node (in the host's
// folder, and from jest, where the parent is not running tsx), so it registers tsx itself before
// it loads the TypeScript page.
import { register } from 'tsx/esm/api';

register();
// Started at once; the listener is attached before the first await, so the task is never missed.
const page = import('./mount-check-page.ts');

process.once('message', async (task) => {
  // A mount whose promise never settles leaves nothing pending: stay up until the time limit.
  const alive = setInterval(() => undefined, 1000);
  let result;
  try {
    const { runMountCheck } = await page;
    result = await runMountCheck({ ...task, onReady: () => process.send({ ready: true }) });
  } catch (error) {
    result = { ok: false, problem: `the check itself failed: ${error?.message ?? error}` };
  }
  clearInterval(alive);
  process.send(result, () => process.exit(0));
});
