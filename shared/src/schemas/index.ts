// @ajo/shared/schemas: one zod/mini schema per rule of SPEC §5, plus the composed forms and the API
// payloads of SPEC §7. Front end (react-hook-form resolver) and middleware (safeParse) share them.
export { z } from './zod';
export * from './phone';
export * from './codes';
export * from './money';
export * from './auth';
export * from './api-auth';
export * from './api-identity';
export * from './api-wallets';
export * from './api-money';
export * from './api-transfers';
export * from './api-payments';
export * from './api-settings';
export * from './api-referrals';
export * from './api-cards';
export * from './pins';
export * from './identity';
export * from './transfers';
export * from './payments';
export * from './settings';
export * from './cards';
