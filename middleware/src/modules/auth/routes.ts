import type { FastifyInstance } from 'fastify';
import { validate } from '../../validation.js';
import { UserRepository } from '../users/user-repository.js';
import { LoginAttemptsRepository } from './login-attempts-repository.js';
import { LoginService } from './login-service.js';
import { OTP_RESENT } from '@ajo/shared/messages';
import {
  OTP_SENT,
  PHONE_VERIFIED,
  RESET_OTP_SENT_IF_ACCOUNT,
  SECURITY_PIN_RESET_DONE,
} from './messages.js';
import { OtpRepository } from './otp-repository.js';
import { OtpService } from './otp-service.js';
import {
  loginBody,
  phoneQuery,
  resetSecurityPinBody,
  signupOtpBody,
  type LoginBody,
  type PhoneQuery,
  type ResetSecurityPinBody,
  type SignupOtpBody,
} from './schemas.js';
import { SecurityPinResetService } from './security-pin-reset-service.js';
import { createSignupTokens } from '../../security/signup-tokens.js';
import { SignupVerificationService } from './signup-verification-service.js';

/**
 * SPEC §7 sign-up, sign-in and security-PIN calls (issue 4). Encrypted calls use the envelope
 * plugin; the OTP and PIN calls are rate limited per phone and IP (generous: the 180-s resend rule,
 * the 5-try OTP limit and the sign-in lock are the real rules).
 */
export async function authRoutes(app: FastifyInstance) {
  const users = new UserRepository(app.db);
  const attempts = new LoginAttemptsRepository(app.db);
  const otps = new OtpService({
    repository: new OtpRepository(app.db),
    notifier: app.providers.notifier,
    clock: app.clock,
    pepper: app.config.secrets.pepper,
  });
  const signup = new SignupVerificationService({
    users,
    otps,
    tokens: createSignupTokens({ secret: app.config.jwt.secret, clock: app.clock }),
  });
  const login = new LoginService({
    users,
    attempts,
    secrets: app.secrets,
    tokens: app.tokens,
    clock: app.clock,
  });
  const pinReset = new SecurityPinResetService({
    users,
    otps,
    attempts,
    secrets: app.secrets,
    clock: app.clock,
  });

  const { max } = app.config.rateLimit;
  const limitOtpSending = app.limitAttempts({ name: 'otp-send', max: max * 2 });
  const limitOtpChecking = app.limitAttempts({ name: 'otp-check', max: max * 4 });
  const limitPin = app.limitAttempts({ name: 'security-pin', max: max * 4 });
  const sendQuery = validate({ query: phoneQuery });

  app.get('/auth', { preHandler: [limitOtpSending, sendQuery] }, async (request) => {
    await signup.sendOtp((request.query as PhoneQuery).phone_number);
    return { message: OTP_SENT };
  });

  app.get('/auth/get-otps', { preHandler: [limitOtpSending, sendQuery] }, async (request) => {
    await signup.sendOtp((request.query as PhoneQuery).phone_number);
    return { message: OTP_RESENT };
  });

  app.post(
    '/auth',
    {
      config: { encrypted: true },
      preHandler: [limitOtpChecking, validate({ body: signupOtpBody })],
    },
    async (request) => {
      const { phone_number, otp } = request.body as SignupOtpBody;
      const token = await signup.verify(phone_number, otp);
      return { token, message: PHONE_VERIFIED };
    },
  );

  app.post(
    '/login',
    { config: { encrypted: true }, preHandler: [limitPin, validate({ body: loginBody })] },
    async (request) => {
      const { phone_number, security_pin } = request.body as LoginBody;
      return login.login(phone_number, security_pin);
    },
  );

  app.get('/auth/forgot', { preHandler: [limitOtpSending, sendQuery] }, async (request) => {
    await pinReset.requestOtp((request.query as PhoneQuery).phone_number);
    return { message: RESET_OTP_SENT_IF_ACCOUNT };
  });

  app.post(
    '/reset-security-pin',
    {
      config: { encrypted: true },
      preHandler: [limitOtpChecking, validate({ body: resetSecurityPinBody })],
    },
    async (request) => {
      const { phone_number, otp, security_pin } = request.body as ResetSecurityPinBody;
      await pinReset.reset(phone_number, otp, security_pin);
      return { message: SECURITY_PIN_RESET_DONE };
    },
  );
}
