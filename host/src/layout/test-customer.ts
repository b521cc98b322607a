// Shared by the layout's tests: the signed-in customer the shell renders for.
import type { User } from '@ajo/shared/entities';

/** An activated customer with a transaction PIN: no redirect and no prompt in the layout. */
export const ada = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Obi',
  photo_url: null,
  is_verified: true,
  mifos_client_id: 1042,
  nin: '12345678901',
  nin_verification_status: 'approved',
  isTransactionPinEnabled: true,
  wallets: [
    {
      id: 1,
      name: 'Ajo Wallet',
      account_no: '1100012345',
      balance: 0,
      product_id: 1,
      account_status: 'active',
    },
  ],
} as unknown as User;
