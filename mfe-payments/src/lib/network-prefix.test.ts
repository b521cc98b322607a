import { networkFromPhone } from './network-prefix';
import { formatToken } from './token';

describe('networkFromPhone (docs/domain.md "Mobile networks")', () => {
  it.each([
    ['07025123456', 'mtnng'],
    ['07026', 'mtnng'],
    ['0702', null],
    ['08051234567', 'glong'],
    ['2348021234567', 'airng'],
    ['0909', 'eting'],
    ['0800', null],
    ['', null],
  ])('%s → %s', (phone, network) => {
    expect(networkFromPhone(phone)).toBe(network);
  });
});

it('groups a 20-digit token in fours', () => {
  expect(formatToken('12345678901234567890')).toBe('1234-5678-9012-3456-7890');
});
