import type { IdentityDetails as Details } from '@ajo/shared/schemas';
import { TextField } from '@ajo/shared/ui';
import styles from './onboarding.module.css';

/** The identity as SPEC §2 lists it; NIN or BVN depending on the flow the tid came from. */
export function detailFields(details: Details) {
  return {
    first_name: details.first_name,
    last_name: details.surname,
    middle_name: details.middle_name,
    gender: details.gender,
    date_of_birth: details.date_of_birth,
    phone_number: details.phone_number_1 ?? '',
    id_number: details.bvn ?? details.nin ?? '',
  };
}

/** SPEC §2: read-only first, last and middle name, gender, date of birth, phone, and NIN or BVN. */
export function IdentityDetails({ details }: { details: Details }) {
  const fields = detailFields(details);
  const rows: Array<[string, string]> = [
    ['First name', fields.first_name],
    ['Last name', fields.last_name],
    ['Middle name', fields.middle_name ?? ''],
    ['Gender', fields.gender],
    ['Date of birth', fields.date_of_birth],
    ['Phone number', fields.phone_number],
    [details.bvn ? 'BVN' : 'NIN', fields.id_number],
  ];
  return (
    <div className={styles.details}>
      {rows.map(([label, value]) => (
        <TextField key={label} label={label} value={value} readOnly />
      ))}
    </div>
  );
}
