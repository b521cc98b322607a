import { createHash } from 'node:crypto';
import { CLIENT_REFERENCE_REUSED, REQUEST_IN_PROGRESS } from '@ajo/shared/messages';
import { moneyCallHeadersSchema, stepUpChallengeSchema } from '@ajo/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import { isDatabaseUnavailable } from '../db/postgres-pool.js';
import { AppError } from '../errors.js';
import type { Api } from '../http/api.js';
import { errors } from '../http/responses.js';
import { isLedgerError, nairaToKobo } from '../ledger/index.js';
import { currentUser } from '../plugins/auth.js';
import { ClientReferences, requestHash, type Claim } from './client-references.js';
import { ledgerErrorToAppError } from './ledger-errors.js';
import { assertCouldPay } from './limits.js';
import { InstanceLiveness } from './liveness.js';
import { StepUp } from './step-up.js';
import { TransactionPinGuard } from './transaction-pin-guard.js';

/** What every money call's body carries besides its own fields (SPEC §3, §4). */
export interface MoneyBody {
  transaction_pin: string;
  /** The step-up OTP, on the repeated call after a 202. */
  otp?: string;
}

/** What a money route's service is given to do its one job. */
export interface MoneyCall<Body> {
  userId: string;
  body: Body;
  /** The client reference (Idempotency-Key) of this attempt. */
  clientReference: string;
  /**
   * A reference unique to user + route + client reference, for the ledger entry or the provider
   * call. A call run again after a crash must reuse it, so the effect happens once.
   */
  reference: string;
  request: FastifyRequest;
}

export interface MoneyRouteOptions<B extends $ZodType, S extends $ZodType> {
  url: string;
  /** The body schema (strict; otp optional when the route steps up). */
  body: B;
  /** The answer of a completed call (SPEC §7: 200 or 201 by route). */
  success: { status: 200 | 201; schema: S };
  /**
   * The naira amount the call moves out of the customer's wallet: at or above STEP_UP_AMOUNT the
   * call needs a step-up OTP. Omit for calls that move no money out (bank-to-wallet).
   */
  stepUpAmount?: (body: output<B>) => number;
  /**
   * The wallet the call pays from: before a step-up OTP is sent, its balance and the customer's
   * daily limit are checked, so no SMS goes out for a call that cannot succeed.
   */
  sourceWallet?: (body: output<B>) => string;
  /** Checks that must refuse before anything is counted or claimed (ownership: 403). */
  authorize?: (request: FastifyRequest, body: output<B>) => Promise<void>;
  /** The route's own service. Refusals: throw AppError or let the ledger's LedgerError through. */
  execute: (call: MoneyCall<output<B>>) => Promise<output<S>>;
  /** The refusals `execute` may give, for the documentation (the money area adds its own). */
  refusals?: number[];
}

interface MoneyArea {
  /** This instance's heartbeat: its claims and PIN slots are freed within seconds if it dies. */
  liveness: InstanceLiveness;
  pins: TransactionPinGuard;
  references: ClientReferences;
  stepUp: StepUp;
}

const areas = new WeakMap<object, MoneyArea>();

/**
 * One money area per built app (keyed by its job queue, a decoration every route context shares):
 * every money route of an app shares its guard and its instance's heartbeat, and two apps on one
 * database are two instances.
 */
function moneyAreaOf(app: Api): MoneyArea {
  let area = areas.get(app.jobs);
  if (!area) {
    const { db, clock, secrets } = app;
    const liveness = new InstanceLiveness({ db, clock });
    app.addHook('onClose', () => liveness.stop());
    area = {
      liveness,
      pins: new TransactionPinGuard({ db, secrets, clock, instanceId: liveness.id }),
      references: new ClientReferences({ db, clock, instanceId: liveness.id }),
      stepUp: new StepUp({
        db,
        clock,
        notifier: app.providers.notifier,
        secrets,
      }),
    };
    areas.set(app.jobs, area);
  }
  return area;
}

/** The answer a failed call leaves: a refusal the client caused (kept), or null (not kept). */
function keptRefusal(error: unknown): AppError | null {
  const refusal = isLedgerError(error) ? ledgerErrorToAppError(error) : error;
  if (!(refusal instanceof AppError)) return null;
  return refusal.statusCode < 500 && refusal.statusCode !== 429 ? refusal : null;
}

/**
 * Registers a money route (POST, encrypted) that goes through the money area, in this order:
 *
 * 1. bearer token, envelope, body and `Idempotency-Key` header checked by their schemas;
 * 2. `authorize` (e.g. the wallet is the caller's): 403 before anything is counted;
 * 3. the client reference is claimed: a completed call's answer is replayed, another body under
 *    the same key is 422, a call still running is 409;
 * 4. the transaction PIN is checked (attempt counted before comparing, 5 wrong lock for 15 min);
 * 5. step-up, when `stepUpAmount` reaches STEP_UP_AMOUNT: without `otp` → 202 and an OTP (after
 *    `sourceWallet`'s balance and the daily limit are checked: no SMS for a call that cannot
 *    succeed); with it → the OTP is checked ('Invalid otp');
 * 6. `execute` runs; its answer, or its refusal (4xx), is stored for replay under the key.
 *
 * A call that ends in steps 4–5, or with an unexpected error, releases its claim: the same key
 * may be sent again (the OTP call reuses the key of the call that got the 202). One that loses its
 * database in step 6 keeps it until the claim lease ends (its commit is unknown).
 */
export function moneyRoute<B extends $ZodType, S extends $ZodType>(
  app: Api,
  options: MoneyRouteOptions<B, S>,
): void {
  const area = moneyAreaOf(app);
  const pepper = app.config.secrets.pepper;
  const stepUpKobo = app.config.money.stepUpAmountKobo;
  const { success } = options;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as output<B> & MoneyBody;
    const userId = currentUser(request).id;
    const route = `${request.method} ${request.routeOptions.url}`;
    const key = String(request.headers['idempotency-key']);

    await area.liveness.ready();
    const outcome = await area.references.claim({
      userId,
      route,
      key,
      requestHash: requestHash(pepper, body, ['otp']),
    });
    if (outcome.kind === 'replay') {
      request.moneyReplayed = true; // counted as 'replayed' (src/plugins/metrics.ts)
      return reply.code(outcome.status).send(outcome.body);
    }
    if (outcome.kind === 'different-request') {
      throw new AppError(422, CLIENT_REFERENCE_REUSED, 'CLIENT_REFERENCE_REUSED');
    }
    if (outcome.kind === 'in-flight') throw new AppError(409, REQUEST_IN_PROGRESS, 'IN_FLIGHT');
    const { claim } = outcome;

    try {
      // Money leaving the wallet (the routes that step up) stops while a complaint pauses it.
      await area.pins.verify(userId, body.transaction_pin, { outgoing: !!options.stepUpAmount });
      const stepUpAmountKobo = options.stepUpAmount ? nairaToKobo(options.stepUpAmount(body)) : 0;
      if (options.stepUpAmount && stepUpAmountKobo >= stepUpKobo) {
        const call = {
          userId,
          route,
          clientReference: key,
          operationHash: requestHash(pepper, body, ['otp', 'transaction_pin']),
        };
        if (!body.otp) {
          if (options.sourceWallet)
            await assertCouldPay(app.db, userId, options.sourceWallet(body), stepUpAmountKobo);
          const phone = await phoneOf(app, userId);
          const challenge = await area.stepUp.challenge(call, phone);
          await area.references.release(claim);
          return reply.code(202).send(challenge);
        }
        await area.stepUp.verify(call, body.otp);
      }
    } catch (error) {
      await area.references.release(claim);
      throw error;
    }

    return runAndKeep(claim, reply, () =>
      options.execute({
        userId,
        body,
        clientReference: key,
        reference: `money-${createHash('sha256').update(`${userId}:${route}:${key}`).digest('hex').slice(0, 32)}`,
        request,
      }),
    );
  };

  /** Runs the service and stores what it answered (or refused) under the claim. */
  const runAndKeep = async (claim: Claim, reply: FastifyReply, run: () => Promise<unknown>) => {
    let result: unknown;
    try {
      result = await run();
    } catch (error) {
      const refusal = keptRefusal(error);
      if (refusal) {
        await area.references.complete(claim, refusal.statusCode, { message: refusal.message });
      } else if (!isDatabaseUnavailable(error)) {
        await area.references.release(claim);
      }
      // The database went away during the call: whether it committed is unknown, so the claim is
      // kept (answered 503). A retry with the same key waits for the claim lease, then runs again
      // under the same reference, which the ledger holds once: it finds the outcome, never a second
      // payment.
      throw refusal ?? error;
    }
    await area.references.complete(claim, success.status, result);
    return reply.code(success.status).send(result);
  };

  app.post(
    options.url,
    {
      config: { encrypted: true, money: true },
      preValidation: app.requireUser,
      preHandler: options.authorize
        ? async (request) => options.authorize?.(request, request.body as output<B>)
        : [],
      schema: {
        headers: moneyCallHeadersSchema,
        body: options.body,
        response: {
          [success.status]: success.schema,
          ...(options.stepUpAmount ? { 202: stepUpChallengeSchema } : {}),
          ...errors(400, 401, 403, 409, 422, 429, ...(options.refusals ?? [])),
        },
      },
    },
    handler,
  );
}

async function phoneOf(app: Api, userId: string): Promise<string> {
  const user = await app.db
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.phone_number;
}
