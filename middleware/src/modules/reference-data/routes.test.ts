import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { expectParses, plainGet } from '../../test-support/auth-test-kit.js';

describe('GET /api/states and GET /api/local-government', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the 36 states and the FCT sorted by name', async () => {
    const { status, body } = await plainGet(t, '/api/states');
    expect(status).toBe(200);
    expectParses(shared.statesResponseSchema, body);
    const states = body.states as { id: number; name: string }[];
    expect(states).toHaveLength(37);
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(states).toContainEqual({ id: 25, name: 'Lagos' });
    expect(names).toContain('Federal Capital Territory');
  });

  it("lists a state's local governments sorted by name", async () => {
    const { status, body } = await plainGet(t, '/api/local-government?stateId=25');
    expect(status).toBe(200);
    expectParses(shared.localGovernmentsResponseSchema, body);
    const lgas = body.localGovts as { id: number; local_government_name: string }[];
    expect(lgas).toHaveLength(20);
    expect(lgas.map((l) => l.local_government_name)).toContain('Ikeja');
    const names = lgas.map((l) => l.local_government_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives Kano its 44 local governments', async () => {
    const { body: states } = await plainGet(t, '/api/states');
    const kano = (states.states as { id: number; name: string }[]).find((s) => s.name === 'Kano');
    const { body } = await plainGet(t, `/api/local-government?stateId=${kano?.id}`);
    expect(body.localGovts).toHaveLength(44);
  });

  it.each([
    '/api/local-government',
    '/api/local-government?stateId=',
    '/api/local-government?stateId=abc',
    '/api/local-government?stateId=1.5',
  ])('answers 400 for %s', async (url) => {
    const { status, body } = await plainGet(t, url);
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
  });

  it('answers 404 State not found for an unknown state', async () => {
    const { status, body } = await plainGet(t, '/api/local-government?stateId=38');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'State not found' });
  });
});
