import { LOCAL_GOVERNMENTS, STATES, localGovernmentsOf } from './states-and-lgas.js';

// The official count of local government areas per state (Constitution of Nigeria, First Schedule).
const OFFICIAL_LGA_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  'Federal Capital Territory': 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
};

describe('Nigerian states and local government areas', () => {
  it('has the 36 states and the FCT, and 774 local government areas', () => {
    expect(STATES).toHaveLength(37);
    expect(LOCAL_GOVERNMENTS).toHaveLength(774);
  });

  it('has the official number of LGAs in every state', () => {
    const counts = Object.fromEntries(
      STATES.map((s) => [s.name, localGovernmentsOf(s.id)?.length ?? 0]),
    );
    expect(counts).toEqual(OFFICIAL_LGA_COUNTS);
  });

  it('spells Katsina correctly (the source package says Kastina)', () => {
    expect(STATES.map((s) => s.name)).toContain('Katsina');
    expect(STATES.map((s) => s.name)).not.toContain('Kastina');
  });

  it('has no duplicate state, no duplicate LGA within a state and no duplicate id', () => {
    expect(new Set(STATES.map((s) => s.name)).size).toBe(37);
    for (const state of STATES) {
      const names = (localGovernmentsOf(state.id) ?? []).map((l) => l.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(new Set(LOCAL_GOVERNMENTS.map((l) => l.id)).size).toBe(774);
  });

  it('numbers states 1..37 alphabetically and LGAs 1..774 deterministically', () => {
    expect(STATES.map((s) => s.id)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    expect(STATES[0]).toEqual({ id: 1, name: 'Abia' });
    expect(STATES[36]).toEqual({ id: 37, name: 'Zamfara' });
    expect(LOCAL_GOVERNMENTS[0]).toEqual({ id: 1, stateId: 1, name: 'Aba North' });
    expect(LOCAL_GOVERNMENTS.at(-1)?.id).toBe(774);
    expect(LOCAL_GOVERNMENTS.map((l) => l.id)).toEqual(
      Array.from({ length: 774 }, (_, i) => i + 1),
    );
  });

  it('has no LGA list for an unknown state', () => {
    expect(localGovernmentsOf(0)).toBeUndefined();
    expect(localGovernmentsOf(38)).toBeUndefined();
  });
});
