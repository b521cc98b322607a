import { nameFor, PREPARED_PER_CONNECTION, statementName } from './prepared-statements.js';

describe('nameFor (which statements a connection keeps prepared)', () => {
  it('names a statement with parameters, the same text always under the same name', () => {
    const prepared = new Set<string>();
    const text = 'select "id" from "users" where "id" = $1';
    const name = nameFor(text, ['u1'], prepared);
    expect(name).toBe(statementName(text));
    expect(nameFor(text, ['u2'], prepared)).toBe(name);
    expect(prepared).toEqual(new Set([name]));
    expect(statementName('select 2 where $1')).not.toBe(name);
  });

  it('leaves unnamed what has no parameters (BEGIN, COMMIT) and what returns * columns', () => {
    const prepared = new Set<string>();
    for (const [text, values] of [
      ['begin', []],
      ['commit', undefined],
      ['select * from "bill_payments" where "reference" = $1', ['r']],
      ['update "bill_payments" set "status" = $1 returning *', ['x']],
      ['select "a".* from "alerts" as "a" where "a"."id" = $1', ['a']],
      ['select "x", *\nfrom t where id = $1', ['a']],
    ] as const)
      expect([text, nameFor(text, values, prepared)]).toEqual([text, undefined]);
    expect(prepared.size).toBe(0);
    // count(*) is not a * column list.
    expect(nameFor('select count(*) as n from t where id = $1', [1], prepared)).toBeDefined();
  });

  it('keeps at most PREPARED_PER_CONNECTION statements; past that, new ones go unnamed', () => {
    const prepared = new Set<string>();
    for (let i = 0; i < PREPARED_PER_CONNECTION; i++)
      expect(nameFor(`select ${i} where $1`, [1], prepared)).toBeDefined();
    expect(nameFor('select -1 where $1', [1], prepared)).toBeUndefined();
    // Those already prepared keep their name.
    expect(nameFor('select 0 where $1', [1], prepared)).toBe(statementName('select 0 where $1'));
    expect(prepared.size).toBe(PREPARED_PER_CONNECTION);
  });
});
