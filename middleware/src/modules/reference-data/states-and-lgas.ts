/*
 * Nigeria's 36 states, the FCT and their 774 local government areas (real reference data).
 * Source: nigeria-states-lgas.json, copied from the npm package nigerian-states-and-lgas 1.0.8
 * (ISC licence), with its 'Kastina' typo corrected to 'Katsina'. Imported (not read from disk) so
 * the compiler copies it next to the built code. Its counts are checked by states-and-lgas.test.ts.
 *
 * Ids are stable and deterministic, because users.state_id / users.lga_id store them: states are
 * numbered 1..37 in alphabetical order, LGAs 1..774 by (state name, LGA name) in that order. Adding
 * or renaming an entry in the file would renumber: don't, without a migration of stored ids.
 */

export interface State {
  id: number;
  name: string;
}

export interface LocalGovernment {
  id: number;
  stateId: number;
  name: string;
}

// A dynamic import with its attribute: tsc still copies the file to dist, and Jest's ESM runtime
// (which drops static import attributes after swc) sees the attribute.
const { default: rawStates } = await import('./nigeria-states-lgas.json', {
  with: { type: 'json' },
});

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

const sortedStates = [...(rawStates as { state: string; lgas: string[] }[])].sort((a, b) =>
  byName(a.state, b.state),
);

export const STATES: readonly State[] = sortedStates.map((s, index) => ({
  id: index + 1,
  name: s.state,
}));

export const LOCAL_GOVERNMENTS: readonly LocalGovernment[] = (() => {
  let nextId = 1;
  return sortedStates.flatMap((s, index) =>
    [...s.lgas].sort(byName).map((name) => ({ id: nextId++, stateId: index + 1, name })),
  );
})();

const statesById = new Map(STATES.map((s) => [s.id, s]));
const lgasById = new Map(LOCAL_GOVERNMENTS.map((l) => [l.id, l]));

export const findState = (id: number): State | undefined => statesById.get(id);
export const findLocalGovernment = (id: number): LocalGovernment | undefined => lgasById.get(id);

/** The state's LGAs sorted by name (undefined for an unknown state). */
export function localGovernmentsOf(stateId: number): LocalGovernment[] | undefined {
  if (!statesById.has(stateId)) return undefined;
  return LOCAL_GOVERNMENTS.filter((l) => l.stateId === stateId);
}
