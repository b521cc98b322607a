// The child process of the mount check (mount-check.mjs): runs the page once and reports by IPC.
import { runMountCheck } from './mount-check-page.mjs';

process.once('message', async (task) => {
  // A mount whose promise never settles leaves nothing pending: stay up until the time limit.
  const alive = setInterval(() => undefined, 1000);
  let result;
  try {
    result = await runMountCheck({ ...task, onReady: () => process.send({ ready: true }) });
  } catch (error) {
    result = { ok: false, problem: `the check itself failed: ${error?.message ?? error}` };
  }
  clearInterval(alive);
  process.send(result, () => process.exit(0));
});
