import { integerRowIdSchema, MAX_INTEGER_ROW_ID } from './row-ids.js';

describe('integerRowIdSchema', () => {
  const schema = integerRowIdSchema('Not found.');

  it('takes the digits of 1 … 2^31 − 1 as a number', () => {
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse(String(MAX_INTEGER_ROW_ID))).toBe(2_147_483_647);
  });

  it.each([
    '2147483648',
    '9999999999',
    '12345678901234567890',
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    ' 1',
    '',
  ])('refuses %p with the message', (id) => {
    const result = schema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Not found.');
  });
});
