import { derivedIdentity, SandboxIdentityProvider, SANDBOX_BVN, SANDBOX_NIN } from './sandbox.js';

describe('sandbox identity provider', () => {
  const identity = new SandboxIdentityProvider();

  it('finds the documented BVN test identity', async () => {
    await expect(identity.lookupBvn(SANDBOX_BVN)).resolves.toEqual({
      outcome: 'found',
      record: expect.objectContaining({
        first_name: 'Adaeze',
        middle_name: 'Chioma',
        surname: 'Okafor',
        gender: 'Female',
        date_of_birth: '1994-03-14',
        phone_number_1: '08031234567',
        bvn: SANDBOX_BVN,
        nin: null,
      }),
    });
  });

  it('finds the documented NIN test identity', async () => {
    await expect(identity.lookupNin(SANDBOX_NIN)).resolves.toMatchObject({
      outcome: 'found',
      record: { first_name: 'Emeka', middle_name: 'Tobenna', surname: 'Eze', gender: 'Male' },
    });
  });

  it('derives the same identity for the same fresh 222 BVN every time', async () => {
    const first = await identity.lookupBvn('22298765430');
    expect(first).toEqual(await identity.lookupBvn('22298765430'));
    expect(first).toMatchObject({ outcome: 'found', record: { bvn: '22298765430', nin: null } });
    expect(derivedIdentity('22298765430', 'bvn').date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['bvn', '22012345678', 'not_found'],
    ['bvn', '22912345678', 'mismatch'],
    ['bvn', '99912345678', 'not_found'],
    ['nin', '12012345678', 'not_found'],
    ['nin', '12912345678', 'mismatch'],
    ['nin', '1234567890', 'not_found'],
  ])('answers %s %s with %s', async (kind, number, outcome) => {
    const answer = kind === 'bvn' ? identity.lookupBvn(number) : identity.lookupNin(number);
    await expect(answer).resolves.toEqual({ outcome });
  });

  it('declines submitted NINs ending in 8 and approves the rest', async () => {
    await expect(identity.checkNin('12345678908')).resolves.toBe('declined');
    await expect(identity.checkNin('12345678901')).resolves.toBe('approved');
  });

  it('points consent at the same-origin sandbox page', () => {
    expect(identity.bvnConsentUrl('abc')).toBe('/api/sandbox/identity/bvn-consent/abc');
  });
});
