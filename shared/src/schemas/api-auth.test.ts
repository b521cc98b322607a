import {
  localGovernmentsResponseSchema,
  loginResponseSchema,
  signupVerifiedResponseSchema,
  statesResponseSchema,
  userSchema,
} from './api-auth';

const user = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Obi',
  phone_number: '2348012345678',
  address: '1 Marina, Lagos',
  photo_url: null,
  is_verified: false,
  mifos_client_id: null,
  nin: null,
  nin_verification_status: null,
  isTransactionPinEnabled: false,
  referral_code: 'ADA123',
  wallets: [],
};

describe('auth API response schemas', () => {
  it('accepts a login answer and refuses one without the user', () => {
    const ok = { token: 't', user: { id: 7, is_verified: true, mifos_client_id: 12 } };
    expect(loginResponseSchema.safeParse(ok).success).toBe(true);
    expect(loginResponseSchema.safeParse({ token: 't' }).success).toBe(false);
  });

  it('requires the token after a correct sign-up OTP', () => {
    expect(signupVerifiedResponseSchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(signupVerifiedResponseSchema.safeParse({ message: 'ok' }).success).toBe(false);
  });

  it('reads states and local governments in the shapes of SPEC §7', () => {
    expect(statesResponseSchema.safeParse({ states: [{ id: 25, name: 'Lagos' }] }).success).toBe(
      true,
    );
    expect(
      localGovernmentsResponseSchema.safeParse({
        localGovts: [{ id: 1, local_government_name: 'Ikeja' }],
      }).success,
    ).toBe(true);
    expect(
      localGovernmentsResponseSchema.safeParse({ localGovts: [{ id: 1, name: 'Ikeja' }] }).success,
    ).toBe(false);
  });

  it('accepts a new unverified user with no wallets and refuses an unknown NIN status', () => {
    expect(userSchema.safeParse(user).success).toBe(true);
    expect(userSchema.safeParse({ ...user, nin_verification_status: 'weird' }).success).toBe(false);
  });
});
