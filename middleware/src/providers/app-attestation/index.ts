/** App attestation (SPEC §6, §7: an app-check header on every request). */
export interface AppAttestation {
  issueToken(): Promise<{ token: string; expiresAt: Date }>;
  verifyToken(token: string): Promise<boolean>;
}
