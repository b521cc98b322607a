/** @jest-environment node */
// What the console's change buttons send (console/requests.js): every change carries the reason
// the operator typed, End rollout's too.
import { changeRequest } from './console/requests.js';

const PATH = '/_operator/registry/wallets';

describe("the console's change requests", () => {
  it('sends the typed reason with every change, End rollout included', () => {
    const form = { version: '0.3.0', reason: 'customers stuck at the PIN step', percent: 10 };
    for (const action of ['activate', 'rollback-to', 'rollback', 'rollout', 'rollout-end']) {
      const [, , body] = changeRequest(action, PATH, form);
      expect([action, body]).toEqual([action, expect.objectContaining({ reason: form.reason })]);
    }
    expect(changeRequest('rollout-end', PATH, form)).toEqual([
      'DELETE',
      `${PATH}/rollout`,
      { reason: 'customers stuck at the PIN step' },
    ]);
    // No reason typed: no body, as the API takes it.
    expect(changeRequest('rollout-end', PATH, { version: '0.3.0' })).toEqual([
      'DELETE',
      `${PATH}/rollout`,
      undefined,
    ]);
    expect(changeRequest('rollout', PATH, form)).toEqual([
      'PUT',
      `${PATH}/rollout`,
      { version: '0.3.0', percent: 10, reason: form.reason, wins: undefined },
    ]);
  });

  it('sends Force past failed checks with Set rollout, as with Activate, and the stop fields', () => {
    const form = {
      version: '0.3.0-canary',
      reason: 'the mount check cannot sign in; stop it if customers fail',
      force: true,
      percent: 20,
      stopAbove: 250,
      minLoads: 3,
    };
    expect(changeRequest('rollout', PATH, form)).toEqual([
      'PUT',
      `${PATH}/rollout`,
      {
        version: '0.3.0-canary',
        percent: 20,
        reason: form.reason,
        force: true,
        stopAbove: 250,
        minLoads: 3,
      },
    ]);
    expect(changeRequest('activate', PATH, form)[2]).toMatchObject({ force: true });
  });
});
