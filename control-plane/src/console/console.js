// @ts-check
// The operator console (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md): a page over
// the operator JSON API only. The operator's token stays in this tab's sessionStorage and goes out
// as a bearer token; every change carries the revision the operator was shown (If-Match), so a
// change made meanwhile by someone else is refused (409) rather than overwritten, and the API's own
// {message} is what the operator reads. The DOM is built with textContent only: versions, reasons
// and failure messages come from other people and never become markup.
import { API, call, TOKEN_KEY } from './api.js';
import { el, shortDigest, when } from './dom.js';
import { setUpPublishing } from './publish.js';
import { changeRequest, describeChange } from './requests.js';

/** @type {(id: string) => any} The page's own elements, by id (index.html). */
const $ = (id) => document.getElementById(id);
let revision = null;

function signedOut(message = '') {
  sessionStorage.removeItem(TOKEN_KEY);
  revision = null;
  $('console').hidden = true;
  $('who').hidden = true;
  $('sign-out').hidden = true;
  $('sign-in').hidden = false;
  $('sign-in-error').textContent = message;
  $('token').value = '';
  $('token').focus();
}

function failuresOf(data, remote, version) {
  if (!Array.isArray(data.failures)) return null;
  return data.failures.find((f) => f.remote === remote && f.version === version) ?? { count: 0 };
}

function failureCell(failure) {
  if (!failure) return el('td', { text: '–', title: 'This server does not count failures' });
  if (!failure.count) return el('td', { text: '0' });
  return el(
    'td',
    { className: 'wrap' },
    el('span', { className: 'badge failing', text: String(failure.count) }),
    ` last ${when(failure.lastAt)}${failure.lastMessage ? `: ${failure.lastMessage}` : ''}`,
  );
}

/** Failures per 1,000 loads of a version (loads: the registry documents that gave it out). */
function rateCell(data, name, version) {
  if (!Array.isArray(data.loads)) return el('td', { text: '–' });
  const loads = data.loads.find((l) => l.remote === name && l.version === version)?.count ?? 0;
  const failures = failuresOf(data, name, version)?.count ?? 0;
  if (!loads) return el('td', { text: 'no loads yet' });
  const rate = Math.round((failures * 10000) / loads) / 10;
  return el('td', { text: `${rate} per 1,000 (${failures} in ${loads} loads)` });
}

function versionRow(data, name, live, version) {
  const badges = [];
  if (version.version === live.active)
    badges.push(el('span', { className: 'badge live', text: 'live' }));
  if (live.rollout?.version === version.version) {
    badges.push(el('span', { className: 'badge', text: `rollout ${live.rollout.percent}%` }));
  }
  if (live.trail?.includes(version.version)) {
    badges.push(el('span', { className: 'badge', text: 'was live' }));
  }
  // Never a fallback nor a one-step rollback target (docs/decisions/045-...).
  const bad = live.bad?.[version.version];
  if (bad) badges.push(el('span', { className: 'badge', text: 'bad', title: bad }));
  return el(
    'tr',
    {},
    el('th', { scope: 'row' }, el('code', { text: version.version }), ' ', ...badges),
    el('td', { text: when(version.publishedAt) }),
    el('td', { text: version.publishedBy ?? '' }),
    el('td', {}, el('code', { text: shortDigest(version.digest), title: version.digest })),
    failureCell(failuresOf(data, name, version.version)),
    rateCell(data, name, version.version),
  );
}

/** The form of a remote's changes: version, rollout percent, reason, force, and its buttons. */
function changeForm(name, live, versions, alert) {
  const id = `remote-${name}`;
  const select = el(
    'select',
    { id: `${id}-version`, name: 'version' },
    versions.map((v) =>
      el('option', { value: v.version, text: v.version, selected: v.version === live.active }),
    ),
  );
  const percent = el('input', {
    id: `${id}-percent`,
    name: 'percent',
    type: 'number',
    min: '1',
    max: '100',
    step: '1',
    inputmode: 'numeric',
    value: String(live.rollout?.percent ?? 10),
  });
  const stopAbove = el('input', {
    id: `${id}-stop-above`,
    name: 'stopAbove',
    type: 'number',
    min: '0.1',
    max: '1000',
    step: '0.1',
    inputmode: 'decimal',
  });
  const minLoads = el('input', {
    id: `${id}-min-loads`,
    name: 'minLoads',
    type: 'number',
    min: '1',
    step: '1',
    inputmode: 'numeric',
  });
  const reason = el('input', { id: `${id}-reason`, name: 'reason', maxlength: '500' });
  const force = el('input', { id: `${id}-force`, name: 'force', type: 'checkbox' });
  const wins = el('input', { id: `${id}-wins`, name: 'wins', type: 'checkbox' });
  const button = (text, action, disabled = false) =>
    el('button', { type: 'button', text, disabled, 'data-action': action });
  const form = el(
    'form',
    { 'aria-label': `Change ${name}` },
    el(
      'fieldset',
      {},
      el('legend', { text: `Change ${name}` }),
      el('label', { for: select.id }, 'Version', select),
      el('label', { for: percent.id }, 'Rollout percent', percent),
      el(
        'label',
        { for: stopAbove.id },
        'Rollout stops itself above (failures per 1,000 loads)',
        stopAbove,
      ),
      el('label', { for: minLoads.id }, 'after at least (loads)', minLoads),
      el('label', { for: reason.id, className: 'wide' }, 'Reason (kept in the history)', reason),
      el(
        'label',
        { for: force.id, className: 'check wide' },
        force,
        'Force past failed checks (needs a reason)',
      ),
      el(
        'label',
        { for: wins.id, className: 'check wide' },
        wins,
        "Takes the paths it shares with another remote (that remote's screens there stop showing)",
      ),
      button('Activate', 'activate', !versions.length),
      button('Roll back to this version', 'rollback-to', !versions.length),
      button('Roll back one step', 'rollback', !live.trail?.length),
      button('Set rollout', 'rollout', !versions.length),
      button('End rollout', 'rollout-end', !live.rollout),
      button('Mark bad (needs a reason)', 'mark-bad', !versions.length),
      button('Clear bad mark', 'unmark-bad', !versions.length),
    ),
  );
  form.addEventListener('click', (event) => {
    const action = event.target.closest?.('button[data-action]')?.dataset.action;
    if (action) void change(name, action, form, alert);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  return form;
}

/** What a remote serves: live version, rollout, the live version's failures, earlier live ones. */
function remoteFacts(data, name, live) {
  const liveFailures = live.active ? failuresOf(data, name, live.active) : null;
  return el(
    'ul',
    { className: 'facts' },
    el('li', {}, 'Live: ', el('strong', { text: live.active ?? 'none' })),
    el('li', {
      text: live.rollout
        ? `Rollout: ${live.rollout.version} to ${live.rollout.percent}% of browsers${
            live.rollout.stop
              ? `, stops itself above ${live.rollout.stop.perThousand} failures per 1,000 loads after ${live.rollout.stop.minLoads} loads`
              : ''
          }`
        : 'No rollout',
    }),
    el('li', {
      text: liveFailures
        ? `Failures of the live version: ${liveFailures.count}`
        : 'Failures: not counted by this server',
    }),
    el('li', {
      text: `Earlier live: ${live.trail?.length ? [...live.trail].reverse().join(', ') : 'none'}`,
    }),
  );
}

/** A remote's published versions, newest first. */
function versionsTable(data, name, live, versions) {
  return el(
    'div',
    { className: 'scroll' },
    el(
      'table',
      {},
      el('caption', { className: 'muted', text: `Published versions of ${name}, newest first` }),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Version', 'Published', 'By', 'Digest', 'Failures', 'Failure rate'].map((h) =>
            el('th', { scope: 'col', text: h }),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        versions.map((v) => versionRow(data, name, live, v)),
      ),
    ),
  );
}

function remoteCard(data, name, live) {
  const id = `remote-${name}`;
  const versions = [...(live.versions ?? [])].reverse();
  const alert = el('p', { className: 'error', role: 'alert', id: `${id}-problem` });
  return el(
    'section',
    { className: 'card', 'aria-labelledby': id, 'data-remote': name },
    el('h3', { id, text: name }),
    remoteFacts(data, name, live),
    versionsTable(data, name, live, versions),
    changeForm(name, live, versions, alert),
    alert,
  );
}

function historyRow(entry) {
  return el(
    'tr',
    {},
    el('td', { text: String(entry.revision) }),
    el('td', { text: when(entry.at) }),
    el('td', { text: entry.operator ?? '' }),
    el('td', { text: entry.action }),
    el('td', { text: entry.remote }),
    el('td', { text: entry.from ?? '' }),
    el('td', { text: entry.to ?? '' }),
    // The detail is what else the change did (a rollout ended, paths won, checks forced past).
    el(
      'td',
      { className: 'wrap' },
      entry.reason ?? '',
      entry.detail ? el('span', { className: 'muted detail', text: entry.detail }) : null,
    ),
  );
}

async function load() {
  const [data, { history }] = await Promise.all([
    call('GET', API),
    call('GET', `${API}/history?limit=50`),
  ]);
  revision = data.revision;
  $('sign-in').hidden = true;
  $('console').hidden = false;
  $('sign-out').hidden = false;
  $('who').hidden = !data.operator;
  $('who').textContent = data.operator ? `Signed in as ${data.operator}` : '';
  $('revision').textContent = `Revision ${data.revision}`;
  const remotes = Object.entries(data.state?.remotes ?? {});
  $('remotes').replaceChildren(
    ...(remotes.length
      ? remotes.map(([name, live]) => remoteCard(data, name, live))
      : [el('p', { className: 'muted', text: 'No remote is published yet.' })]),
  );
  $('history').tBodies[0].replaceChildren(...history.map(historyRow));
}

/** Loads the registry, or goes back to the sign-in form when the token is refused. */
async function refresh() {
  try {
    await load();
    $('problem').textContent = '';
  } catch (error) {
    if (error.status === 401) signedOut('The operator token was not accepted (Unauthorized).');
    else $('problem').textContent = error.message;
  }
}

async function change(name, action, form, alert) {
  const version = form.elements.version.value;
  const reason = form.elements.reason.value.trim() || undefined;
  const wins = form.elements.wins.checked || undefined;
  const path = `${API}/${encodeURIComponent(name)}`;
  const [method, url, body] = changeRequest(action, path, {
    version,
    reason,
    force: form.elements.force.checked || undefined,
    wins,
    percent: Number(form.elements.percent.value),
    stopAbove: form.elements.stopAbove.value ? Number(form.elements.stopAbove.value) : undefined,
    minLoads: form.elements.stopAbove.value ? Number(form.elements.minLoads.value) : undefined,
  });
  // Disabled while the change runs; after a refusal each is as it was (End rollout stays off
  // without a rollout).
  const buttons = [...form.querySelectorAll('button')].map((b) => [b, b.disabled]);
  for (const [b] of buttons) b.disabled = true;
  alert.textContent = '';
  $('status').textContent = `${name}: checking and applying…`;
  try {
    const result = await call(method, url, { body, ifMatch: revision });
    await load();
    $('status').textContent =
      result?.changed === false
        ? `${name}: nothing to change${action.endsWith('bad') ? '' : ` (${result.active ?? version} already live)`}.`
        : `${name}: ${describeChange(action, result, version, body)} (revision ${revision}).`;
  } catch (error) {
    $('status').textContent = '';
    if (error.status === 401)
      return signedOut('The operator token was not accepted (Unauthorized).');
    alert.textContent = `Refused (${error.status}): ${error.message}`;
    for (const [b, disabled] of buttons) b.disabled = disabled;
  }
  return undefined;
}

setUpPublishing({
  load,
  signedOut,
  status: $('status'),
  revision: () => revision,
});

$('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  sessionStorage.setItem(TOKEN_KEY, $('token').value.trim());
  $('sign-in-error').textContent = '';
  void refresh();
});
$('sign-out').addEventListener('click', () => signedOut());
$('refresh').addEventListener('click', () => {
  $('status').textContent = '';
  void refresh();
});

if (sessionStorage.getItem(TOKEN_KEY)) void refresh();
else signedOut();
