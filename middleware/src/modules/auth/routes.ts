import {
  loginResponseSchema,
  messageResponseSchema,
  signupVerifiedResponseSchema,
} from '@ajo/shared/schemas';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { UserRepository } from '../users/user-repository.js';
import { LoginAttemptsRepository } from './login-attempts-repository.js';
import { LoginService } from './login-service.js';
import { OTP_RESENT } from '@ajo/shared/messages';
import {
  OTP_SENT,
  PHONE_VERIFIED,
  RESET_OTP_SENT_IF_ACCOUNT,
  SECURITY_PIN_RESET_DONE,
  SIGNED_OUT,
} from './messages.js';
import { OtpRepository } from './otp-repository.js';
import { OtpService } from './otp-service.js';
import { loginBody, phoneQuery, resetSecurityPinBody, signupOtpBody } from './schemas.js';
import { SecurityPinResetService } from './security-pin-reset-service.js';
import { bearerToken } from '../../plugins/auth.js';
import { sessionRefused } from '../../errors.js';
import { createSignupTokens } from '../../security/signup-tokens.js';
import { SignupVerificationService } from './signup-verification-service.js';

/**
 * SPEC §7 sign-up, sign-in and security-PIN calls. Encrypted calls use the envelope
 * plugin; the OTP and PIN calls are rate limited per phone and IP (generous: the 180-s resend rule,
 * the 5-try OTP limit and the sign-in lock are the real rules).
 */
export async function authRoutes(app: Api) {
  const users = new UserRepository(app.db);
  const attempts = new LoginAttemptsRepository(app.db);
  const otps = new OtpService({
    repository: new OtpRepository(app.db),
    notifier: app.providers.notifier,
    clock: app.clock,
    secrets: app.secrets,
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
    tokens: app.tokens,
    clock: app.clock,
  });

  const { max } = app.config.rateLimit;
  const limitOtpSending = app.limitAttempts({ name: 'otp-send', max: max * 2 });
  const limitOtpChecking = app.limitAttempts({ name: 'otp-check', max: max * 4 });
  const limitPin = app.limitAttempts({ name: 'security-pin', max: max * 4 });
  // The limits count before validation (preValidation), as every try must, valid or not.
  const sendOtpRoute = {
    preValidation: limitOtpSending,
    schema: {
      querystring: phoneQuery,
      response: { 200: messageResponseSchema, ...errors(400, 429) },
    },
  };

  app.get('/auth', sendOtpRoute, async (request) => {
    await signup.sendOtp(request.query.phone_number);
    return { message: OTP_SENT };
  });

  app.get('/auth/get-otps', sendOtpRoute, async (request) => {
    await signup.sendOtp(request.query.phone_number);
    return { message: OTP_RESENT };
  });

  app.post(
    '/auth',
    {
      config: { encrypted: true },
      preValidation: limitOtpChecking,
      schema: {
        body: signupOtpBody,
        response: { 200: signupVerifiedResponseSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { phone_number, otp } = request.body;
      const token = await signup.verify(phone_number, otp);
      return { token, message: PHONE_VERIFIED };
    },
  );

  app.post(
    '/login',
    {
      config: { encrypted: true },
      preValidation: limitPin,
      schema: {
        body: loginBody,
        response: { 200: loginResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { phone_number, security_pin } = request.body;
      return login.login(phone_number, security_pin);
    },
  );

  // Sign-out ends the session on the server (docs/decisions/015-sessions-ended-on-the-server.md):
  // its token is refused afterwards on every instance, whatever the browser kept. Signing out is
  // idempotent for a genuine token: a session already ended (signed out in another tab, ended by a
  // PIN reset or by closing the account) is simply still signed out. Forged or expired: 401.
  app.post(
    '/logout',
    { schema: { response: { 200: messageResponseSchema, ...errors(401) } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token || !(await app.tokens.endByToken(token, 'signed-out'))) {
        throw sessionRefused(token !== null);
      }
      return { message: SIGNED_OUT };
    },
  );

  app.get('/auth/forgot', sendOtpRoute, async (request) => {
    await pinReset.requestOtp(request.query.phone_number);
    return { message: RESET_OTP_SENT_IF_ACCOUNT };
  });

  app.post(
    '/reset-security-pin',
    {
      config: { encrypted: true },
      preValidation: limitOtpChecking,
      schema: {
        body: resetSecurityPinBody,
        response: { 200: messageResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { phone_number, otp, security_pin } = request.body;
      await pinReset.reset(phone_number, otp, security_pin);
      return { message: SECURITY_PIN_RESET_DONE };
    },
  );
}
