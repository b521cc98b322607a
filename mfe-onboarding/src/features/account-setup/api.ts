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
import { loadHostApi } from '../../app/host';
import { parseResponse } from '../../app/services';

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

export async function createUser(payload: CreateUserPayload): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/users', payload);
  return parseResponse(messageResponseSchema, response.data);
}
