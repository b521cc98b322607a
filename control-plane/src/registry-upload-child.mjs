// The child process of uploads (registry-upload.ts): unpacks, compresses and digests each build it
// is sent and reports by IPC; it stays for the next one. A plain script, as mount-check-child.mjs
// is: forked with plain node (from jest too, where the parent is not running tsx), so it registers
// tsx itself.
import { register } from 'tsx/esm/api';

register();
const upload = import('./registry-upload.ts');

process.on('message', async ({ id, archiveFile, dir }) => {
  let answer;
  try {
    const { prepareBuild } = await upload;
    answer = { id, ok: await prepareBuild(archiveFile, dir) };
  } catch (error) {
    // A RegistryError keeps its status (400 not an archive, 413 too large); others are crashes.
    answer = { id, message: String(error?.message ?? error), status: error?.statusCode };
  }
  process.send(answer);
});
// The app server went away: nothing is left to prepare for.
process.on('disconnect', () => process.exit(0));
