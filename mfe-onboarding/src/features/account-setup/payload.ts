import type { SignupFormValues } from '@ajo/shared/schemas';
import type { CreateUserPayload, LocalGovernment, State } from './api';

/** The select's string value back to the id the API gave (a number from GET /states). */
function originalId(value: string | number, list: ReadonlyArray<{ id: string | number }>) {
  return list.find((item) => String(item.id) === String(value))?.id ?? value;
}

/** SPEC §3 Signup form -> POST /users body; empty optional fields are left out. */
export function toCreateUserPayload(
  values: SignupFormValues,
  states: readonly State[],
  localGovernments: readonly LocalGovernment[],
): CreateUserPayload {
  const referrerCode = values.referrer_code?.trim();
  const email = values.email?.trim();
  return {
    gender: values.gender,
    address: values.address,
    state_id: originalId(values.state_id, states),
    lga_id: originalId(values.lga_id, localGovernments),
    pin: values.pin,
    confirm_pin: values.confirm_pin,
    ...(referrerCode ? { referrer_code: referrerCode } : {}),
    ...(email ? { email } : {}),
  };
}
