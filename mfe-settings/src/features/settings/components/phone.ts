import { PHONE_COUNTRY_CODE, PHONE_LOCAL_PREFIX } from '@ajo/shared/constants';

/** 2348031234567 → 08031234567 (SPEC §5: shown with the leading 0). */
export function localPhone(international: string): string {
  return international.startsWith(PHONE_COUNTRY_CODE)
    ? `${PHONE_LOCAL_PREFIX}${international.slice(PHONE_COUNTRY_CODE.length)}`
    : international;
}
