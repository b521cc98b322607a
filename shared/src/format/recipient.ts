// SPEC §9 masked recipient (the 202 OTP challenge names where the OTP went): first 4 and last 4
// characters of a phone number, or the first 2 characters of an e-mail local part.

const MASK = '*';

function maskPhone(phone: string): string {
  const visible = 4;
  // Too short to keep 4 + 4 and still hide something: hide all but the last 2.
  if (phone.length <= visible * 2) {
    return MASK.repeat(Math.max(phone.length - 2, 0)) + phone.slice(-2);
  }
  const hidden = phone.length - visible * 2;
  return phone.slice(0, visible) + MASK.repeat(hidden) + phone.slice(-visible);
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at);
  const shown = local.slice(0, 2);
  return shown + MASK.repeat(Math.max(local.length - shown.length, 1)) + domain;
}

/** 'a@b' style values are e-mails; everything else is treated as a phone number. */
export function maskRecipient(recipient: string | null | undefined): string {
  const value = (recipient ?? '').trim();
  if (value === '') return '';
  return value.includes('@') ? maskEmail(value) : maskPhone(value);
}
