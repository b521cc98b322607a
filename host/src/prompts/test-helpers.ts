// Test doubles for the prompts: a user, a fake host/api and a toast recorder. The tests build the
// real bus and session themselves: only test files may import them locally (single-instance.test).
import type { User } from '@ajo/shared/entities';
import type { BusEvent, EventBus } from '@ajo/shared/events';
import type { ApiClient } from 'host/api';

export const promptUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Obi',
  phone_number: '2348031234567',
  address: null,
  photo_url: null,
  is_verified: false,
  mifos_client_id: 1042,
  nin: null,
  nin_verification_status: null,
  isTransactionPinEnabled: false,
  referral_code: null,
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
} satisfies User;

export function fakeApi() {
  const post = jest.fn();
  const put = jest.fn();
  const api = { encrypted: { post, put } } as unknown as ApiClient;
  return { api, post, put, loadApi: jest.fn(async () => ({ api }) as never) };
}

/** Records the bus's toasts as [kind, message] pairs. */
export function recordToasts(bus: EventBus) {
  const toasts: BusEvent[] = [];
  bus.on('toast').subscribe((event) => toasts.push(event));
  return () =>
    toasts.map((event) => (event.type === 'toast' ? [event.toast.kind, event.toast.message] : []));
}

/** The stored session the prompts run under (SPEC §3 keys tk and id). */
export function storeSession() {
  localStorage.setItem('tk', 'jwt');
  localStorage.setItem('id', '7');
}
