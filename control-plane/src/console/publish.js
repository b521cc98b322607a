// @ts-check
// The console's "Publish a version" form (console.js): a team's build uploaded as a version of a
// remote, a remote the registry does not have yet added with its first version
// (docs/decisions/038-remotes-declare-their-routes.md), and made live through the same checks as
// any version when asked.
import { API, call } from './api.js';

/**
 * Publishes a team's build (its dist folder as a .tar.gz) as a version of a remote: a remote the
 * registry does not have yet needs "new remote" (docs/decisions/038-remotes-declare-their-routes.md),
 * and goes through the same checks as any version when it is made live.
 */
async function publish(form, o) {
  const name = form.elements.remote.value.trim();
  const version = form.elements.version.value.trim();
  const file = form.elements.build.files?.[0];
  const alert = document.getElementById('publish-alert');
  alert.textContent = '';
  if (!name || !version || !file) {
    alert.textContent = 'Name the remote and the version, and choose the build (.tar.gz).';
    return;
  }
  const query = new URLSearchParams();
  if (form.elements['new-remote'].checked) query.set('new-remote', '1');
  if (form.elements.wins.checked) query.set('wins', '1');
  const reason = form.elements.reason.value.trim();
  if (reason) query.set('reason', reason);
  const path = `${API}/${encodeURIComponent(name)}`;
  const button = form.querySelector('button');
  button.disabled = true;
  o.status.textContent = `${name}@${version}: uploading and checking…`;
  try {
    const published = await call(
      'PUT',
      `${path}/versions/${encodeURIComponent(version)}?${query}`,
      {
        body: file,
      },
    );
    let told = `${published.name}@${published.version} ${published.published ? 'published' : 'was already published'}`;
    if (form.elements.activate.checked) {
      await o.load();
      const body = { version: published.version, reason: reason || undefined };
      const live = await call('PUT', path, {
        body: form.elements.wins.checked ? { ...body, wins: true } : body,
        ifMatch: o.revision(),
      });
      told += `, live (revision ${live.revision})`;
    }
    await o.load();
    o.status.textContent = `${told}.`;
    form.reset();
  } catch (error) {
    o.status.textContent = '';
    if (error.status === 401) {
      o.signedOut('The operator token was not accepted (Unauthorized).');
      return;
    }
    alert.textContent = `Refused (${error.status}): ${error.message}`;
  } finally {
    button.disabled = false;
  }
}

/**
 * Wires the form to the operator API; `load` redraws the console after a change.
 * @param {{ load: () => Promise<void>, signedOut: (message?: string) => void,
 *   status: HTMLElement, revision: () => number | null }} o
 */
export function setUpPublishing(o) {
  document.getElementById('publish')?.addEventListener('submit', (event) => {
    event.preventDefault();
    void publish(/** @type {HTMLFormElement} */ (event.target), o);
  });
}
