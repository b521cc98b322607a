import {
  duePrompts,
  hasMifosClientId,
  needsNinPrompt,
  needsTransactionPinPrompt,
  type PromptUser,
} from './prompt-conditions';
import { promptUser } from './test-helpers';

const base: PromptUser = {
  isTransactionPinEnabled: true,
  nin: null,
  nin_verification_status: null,
  is_verified: false,
  mifos_client_id: 1042,
  wallets: promptUser.wallets,
};

describe('transaction PIN prompt condition (SPEC §4)', () => {
  it('is due when the transaction PIN is not enabled', () => {
    expect(needsTransactionPinPrompt({ ...base, isTransactionPinEnabled: false })).toBe(true);
  });

  it('is not due before the customer has wallets (not activated yet)', () => {
    expect(
      needsTransactionPinPrompt({ ...base, isTransactionPinEnabled: false, wallets: [] }),
    ).toBe(false);
    expect(
      needsTransactionPinPrompt({ ...base, isTransactionPinEnabled: false, wallets: undefined }),
    ).toBe(false);
  });

  it('is not due once the transaction PIN is enabled', () => {
    expect(needsTransactionPinPrompt({ ...base, isTransactionPinEnabled: true })).toBe(false);
  });
});

describe('NIN update prompt condition (SPEC §4, exact table)', () => {
  // (no NIN, or status null or declined) AND not verified AND has a mifos_client_id
  it.each`
    nin              | status          | verified | mifos    | due
    ${null}          | ${null}         | ${false} | ${1042}  | ${true}
    ${''}            | ${'approved'}   | ${false} | ${1042}  | ${true}
    ${null}          | ${'pending'}    | ${false} | ${1042}  | ${true}
    ${'12345678901'} | ${null}         | ${false} | ${1042}  | ${true}
    ${'12345678908'} | ${'declined'}   | ${false} | ${1042}  | ${true}
    ${'12345678901'} | ${'pending'}    | ${false} | ${1042}  | ${false}
    ${'12345678901'} | ${'processing'} | ${false} | ${1042}  | ${false}
    ${'12345678901'} | ${'approved'}   | ${false} | ${1042}  | ${false}
    ${null}          | ${null}         | ${true}  | ${1042}  | ${false}
    ${'12345678908'} | ${'declined'}   | ${true}  | ${1042}  | ${false}
    ${null}          | ${null}         | ${false} | ${null}  | ${false}
    ${null}          | ${null}         | ${false} | ${''}    | ${false}
    ${'12345678908'} | ${'declined'}   | ${false} | ${null}  | ${false}
    ${null}          | ${null}         | ${false} | ${'MF1'} | ${true}
  `(
    'nin=$nin status=$status verified=$verified mifos=$mifos -> due=$due',
    ({ nin, status, verified, mifos, due }) => {
      const user = {
        ...base,
        nin,
        nin_verification_status: status,
        is_verified: verified,
        mifos_client_id: mifos,
      } as PromptUser;
      expect(needsNinPrompt(user)).toBe(due);
    },
  );

  it('treats a missing status field like null', () => {
    const user = { ...base, nin: '12345678901' } as Partial<PromptUser>;
    delete user.nin_verification_status;
    expect(needsNinPrompt(user as PromptUser)).toBe(true);
  });

  it('counts 0 as a mifos_client_id but not undefined', () => {
    expect(hasMifosClientId({ mifos_client_id: 0 })).toBe(true);
    expect(hasMifosClientId({ mifos_client_id: undefined as unknown as null })).toBe(false);
  });
});

describe('prompt order (one modal at a time)', () => {
  it('puts the transaction PIN before the NIN', () => {
    expect(duePrompts({ ...base, isTransactionPinEnabled: false })).toEqual([
      'transaction-pin',
      'nin',
    ]);
  });

  it('lists nothing for a verified user with a PIN', () => {
    expect(duePrompts({ ...base, is_verified: true })).toEqual([]);
  });
});
