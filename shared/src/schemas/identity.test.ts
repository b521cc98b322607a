import {
  ADDRESS_REQUIRED,
  ADDRESS_TOO_LONG,
  DOCUMENT_FILE_REQUIRED,
  DOCUMENT_NUMBER_REQUIRED,
  EMAIL_INVALID,
  GENDER_REQUIRED,
  LGA_REQUIRED,
  NIN_INVALID,
  PHOTO_REQUIRED,
  STATE_REQUIRED,
} from '../messages/validation';
import {
  bvnUpdateSchema,
  documentUploadFormSchema,
  identityDocumentPayloadSchema,
  ninPairSchema,
  ninStartFormSchema,
  ninUpdatePayloadSchema,
  onboardingDetailsSchema,
  signupFormSchema,
  verifyUserPayloadSchema,
} from './identity';
import { firstMessage } from './test-helpers';

const signup = {
  gender: 'female',
  address: '1 Marina, Lagos',
  state_id: '25',
  lga_id: 3,
  pin: '1234',
  confirm_pin: '1234',
  referrer_code: '',
  email: '',
};

describe('signupFormSchema (SPEC §3 Signup form)', () => {
  it('accepts a filled form with the optional fields empty', () => {
    expect(signupFormSchema.safeParse(signup).success).toBe(true);
    const { referrer_code: _r, email: _e, ...withoutOptional } = signup;
    expect(signupFormSchema.safeParse(withoutOptional).success).toBe(true);
  });
  it('reports each required field', () => {
    const empty = { ...signup, gender: '', address: ' ', state_id: '', lga_id: '' };
    expect(firstMessage(signupFormSchema, empty, 'gender')).toBe(GENDER_REQUIRED);
    expect(firstMessage(signupFormSchema, empty, 'address')).toBe(ADDRESS_REQUIRED);
    expect(firstMessage(signupFormSchema, empty, 'state_id')).toBe(STATE_REQUIRED);
    expect(firstMessage(signupFormSchema, empty, 'lga_id')).toBe(LGA_REQUIRED);
  });

  it('caps the address at the length the server takes, so the form says so before submit', () => {
    expect(signupFormSchema.safeParse({ ...signup, address: 'a'.repeat(200) }).success).toBe(true);
    expect(firstMessage(signupFormSchema, { ...signup, address: 'a'.repeat(600) }, 'address')).toBe(
      ADDRESS_TOO_LONG,
    );
  });
  it("reports 'Security PINs do not match!'", () => {
    expect(firstMessage(signupFormSchema, { ...signup, confirm_pin: '9999' }, 'confirm_pin')).toBe(
      'Security PINs do not match!',
    );
  });
  it('checks the optional email only when given', () => {
    expect(firstMessage(signupFormSchema, { ...signup, email: 'not-an-email' }, 'email')).toBe(
      EMAIL_INVALID,
    );
    expect(signupFormSchema.safeParse({ ...signup, email: 'ada@example.com' }).success).toBe(true);
  });
});

describe('NIN', () => {
  it('start form needs 11 digits', () => {
    expect(ninStartFormSchema.safeParse({ nin: '12345678901' }).success).toBe(true);
    expect(firstMessage(ninStartFormSchema, { nin: '123' }, 'nin')).toBe(NIN_INVALID);
  });
  it("pair reports 'NIN mismatch!'", () => {
    expect(
      ninPairSchema.safeParse({ nin: '12345678901', confirm_nin: '12345678901' }).success,
    ).toBe(true);
    expect(
      firstMessage(
        ninPairSchema,
        { nin: '12345678901', confirm_nin: '12345678900' },
        'confirm_nin',
      ),
    ).toBe('NIN mismatch!');
  });
  it('update payload carries the nin', () => {
    expect(ninUpdatePayloadSchema.parse({ nin: '12345678901' })).toEqual({ nin: '12345678901' });
  });
});

describe('bvnUpdateSchema', () => {
  it('shows the SPEC message for a short BVN', () => {
    expect(firstMessage(bvnUpdateSchema, { bvn: '1234' }, 'bvn')).toBe(
      'invalid bvn. Should be a string of eleven digits',
    );
    expect(bvnUpdateSchema.safeParse({ bvn: '22212345678' }).success).toBe(true);
  });
});

describe('onboarding details (SPEC §5: all fields including the photo URL)', () => {
  const details = {
    first_name: 'Ada',
    last_name: 'Obi',
    middle_name: null,
    gender: 'Female',
    date_of_birth: '1990-01-01',
    phone_number: '08012345678',
    id_number: '22212345678',
    photo_url: 'https://files.example/images/a.jpg',
  };
  it('accepts complete details', () => {
    expect(onboardingDetailsSchema.safeParse(details).success).toBe(true);
  });
  it('needs the photo URL', () => {
    expect(firstMessage(onboardingDetailsSchema, { ...details, photo_url: '' }, 'photo_url')).toBe(
      PHOTO_REQUIRED,
    );
  });
  it('verify-user payload needs photo_url and tid', () => {
    expect(verifyUserPayloadSchema.safeParse({ photo_url: 'x', tid: 't1' }).success).toBe(true);
    expect(verifyUserPayloadSchema.safeParse({ photo_url: 'x', tid: '' }).success).toBe(false);
  });
});

describe('documentUploadFormSchema (SPEC §5)', () => {
  const file = new Blob(['%PDF'], { type: 'application/pdf' });
  it('needs a document number for identity documents', () => {
    const input = { file, document_type_id: '1', document_number: '' };
    expect(firstMessage(documentUploadFormSchema, input, 'document_number')).toBe(
      DOCUMENT_NUMBER_REQUIRED,
    );
    expect(documentUploadFormSchema.safeParse({ ...input, document_number: 'A123' }).success).toBe(
      true,
    );
  });
  it('does not need a document number for proof of residence (type 32)', () => {
    expect(documentUploadFormSchema.safeParse({ file, document_type_id: 32 }).success).toBe(true);
  });
  it('needs a file', () => {
    expect(
      firstMessage(documentUploadFormSchema, { file: null, document_type_id: 32 }, 'file'),
    ).toBe(DOCUMENT_FILE_REQUIRED);
  });
  it('payload needs every field', () => {
    const payload = {
      document_url: 'https://files.example/images/d.pdf',
      document_name: 'Passport',
      document_id: 1,
      document_key: 'A123',
      user_id: 7,
    };
    expect(identityDocumentPayloadSchema.safeParse(payload).success).toBe(true);
    expect(identityDocumentPayloadSchema.safeParse({ ...payload, document_key: '' }).success).toBe(
      false,
    );
  });
});
