// docs/domain.md "Mobile networks": the network a Nigerian number's prefix suggests. Numbers are
// portable, so this only pre-selects; the customer can always change it.
import type { TelcoCode } from '@ajo/shared/entities';

const PREFIXES: Record<TelcoCode, readonly string[]> = {
  mtnng: [
    '07025',
    '07026',
    '0703',
    '0704',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  glong: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  airng: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912'],
  eting: ['0809', '0817', '0818', '0908', '0909'],
};

// 5-digit prefixes first: 07025 is MTN even though 0702 alone names nobody.
const BY_LENGTH = Object.entries(PREFIXES)
  .flatMap(([telco, prefixes]) => prefixes.map((prefix) => ({ prefix, telco: telco as TelcoCode })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The network suggested by a local (0…) or international (234…) number, or null. */
export function networkFromPhone(phone: string): TelcoCode | null {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
  return BY_LENGTH.find(({ prefix }) => local.startsWith(prefix))?.telco ?? null;
}
