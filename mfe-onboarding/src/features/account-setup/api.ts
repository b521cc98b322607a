// SPEC §7: GET /states, GET /local-government?stateId=, POST /users (encrypted, sign-up bearer token).
import {
  localGovernmentsResponseSchema,
  messageResponseSchema,
  statesResponseSchema,
  type LocalGovernmentsResponse,
  type MessageResponse,
  type StatesResponse,
} from '@ajo/shared/schemas';
import type { SignupForm } from '@ajo/shared/entities';
import { loadHostApi, loadHostSession } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export type State = StatesResponse['states'][number];
export type LocalGovernment = LocalGovernmentsResponse['localGovts'][number];

export async function getStates(): Promise<State[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/states');
  return parseResponse(statesResponseSchema, response.data).states;
}

export async function getLocalGovernments(stateId: string | number): Promise<LocalGovernment[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/local-government', { params: { stateId } });
  return parseResponse(localGovernmentsResponseSchema, response.data).localGovts;
}

/** The ids go out as the API gave them (numbers), the optional fields only when filled in. */
export type CreateUserPayload = Omit<SignupForm, 'state_id' | 'lga_id'> & {
  state_id: string | number;
  lga_id: string | number;
};

/** Without a sign-up token (no verified phone) nothing is sent: the phone must be verified first. */
const NO_SIGNUP_TOKEN = {
  status: 401,
  message: 'No sign-up token: verify the phone number first',
};

/** POST /users with the sign-up token host/session holds since /otp as the bearer. */
export async function createUser(payload: CreateUserPayload): Promise<MessageResponse> {
  const [{ api }, { session }] = await Promise.all([loadHostApi(), loadHostSession()]);
  const token = session.getSignupToken();
  if (!token) throw { ...NO_SIGNUP_TOKEN };
  const response = await api.encrypted.post('/users', payload, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return parseResponse(messageResponseSchema, response.data);
}
