import { NIN_VERIFICATION_DATA_KEY, ninStore } from './nin-store';

const data = {
  nin: '12345678901',
  tid: 'tid-1',
  first_name: 'E****',
  last_name: 'E**',
  date_of_birth: '19**-**-02',
};

beforeEach(() => {
  sessionStorage.clear();
  ninStore.reload();
});

describe('nin.verificationData store', () => {
  it('mirrors the data to sessionStorage so a reload keeps it', () => {
    ninStore.set(data);
    expect(JSON.parse(sessionStorage.getItem(NIN_VERIFICATION_DATA_KEY) ?? 'null')).toEqual(data);
    ninStore.reload();
    expect(ninStore.get()).toEqual(data);
  });

  it('publishes changes and forgets everything on clear', () => {
    const seen: unknown[] = [];
    const subscription = ninStore.data$.subscribe((value) => seen.push(value));
    ninStore.set(data);
    ninStore.clear();
    subscription.unsubscribe();
    expect(seen).toEqual([null, data, null]);
    expect(sessionStorage.getItem(NIN_VERIFICATION_DATA_KEY)).toBeNull();
  });

  it('ignores stored data that does not parse', () => {
    sessionStorage.setItem(NIN_VERIFICATION_DATA_KEY, JSON.stringify({ nin: 5 }));
    ninStore.reload();
    expect(ninStore.get()).toBeNull();
  });
});
