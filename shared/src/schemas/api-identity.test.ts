import {
  activatedUserSchema,
  bvnDetailsResponseSchema,
  bvnStartResponseSchema,
  ninStartResponseSchema,
} from './api-identity';

const details = {
  first_name: 'Adaeze',
  middle_name: 'Chioma',
  surname: 'Okafor',
  gender: 'Female',
  date_of_birth: '1994-03-14',
  phone_number_1: '08031234567',
  bvn: '22212345678',
  nin: null,
};

describe('identity API response schemas', () => {
  it('needs a redirect URL to start BVN consent', () => {
    const redirectUrl = '/api/sandbox/identity/bvn-consent/abc';
    expect(bvnStartResponseSchema.safeParse({ redirectUrl }).success).toBe(true);
    expect(bvnStartResponseSchema.safeParse({ redirectUrl: '' }).success).toBe(false);
  });

  it('reads BVN details with a null NIN and refuses them without a surname', () => {
    expect(bvnDetailsResponseSchema.safeParse({ data: details }).success).toBe(true);
    const { surname: _omit, ...noSurname } = details;
    expect(bvnDetailsResponseSchema.safeParse({ data: noSurname }).success).toBe(false);
  });

  it('reads the masked NIN verification data only with its tid', () => {
    const data = {
      nin: '12345678901',
      tid: 't-1',
      first_name: 'E****',
      last_name: 'E**',
      date_of_birth: '19**-**-02',
    };
    expect(ninStartResponseSchema.safeParse(data).success).toBe(true);
    expect(ninStartResponseSchema.safeParse({ ...data, tid: undefined }).success).toBe(false);
  });

  it('accepts an activated user only with wallets and a client id', () => {
    const user = {
      id: 'u1',
      first_name: 'Adaeze',
      last_name: 'Okafor',
      phone_number: '2348012345678',
      address: '1 Marina',
      photo_url: '/api/sandbox/files/images/me.jpg',
      is_verified: true,
      mifos_client_id: 1001,
      nin: null,
      nin_verification_status: null,
      isTransactionPinEnabled: false,
      referral_code: 'ADA12345',
      wallets: [
        {
          id: 'w1',
          name: 'Ajo Wallet',
          account_no: '5199900011',
          balance: 0,
          product_id: 1,
          account_status: 'active',
        },
      ],
    };
    expect(activatedUserSchema.safeParse(user).success).toBe(true);
    expect(activatedUserSchema.safeParse({ ...user, wallets: [] }).success).toBe(false);
    expect(activatedUserSchema.safeParse({ ...user, mifos_client_id: null }).success).toBe(false);
  });
});
