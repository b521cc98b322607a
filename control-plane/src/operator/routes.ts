// The registry's operator routes (control-plane/README.md "Operators"): read, history, activate,
// rollout, rollback, testers' overrides and uploads. Every answer carries the registry's revision
// as an ETag; a change sent with If-Match is refused with 409 when the registry moved on.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OVERRIDE_MINUTES, OVERRIDE_PARAM } from '../registry-per-browser.js';
import type { createOverrideSigner } from '../registry-per-browser.js';
import { RegistryError, type RegistryStore } from '../registry/index.js';
import { UPLOAD_LIMIT, withUnpackedBuild } from '../registry-upload.js';
import { authorize } from './operators.js';
import * as s from './schemas.js';

type Signer = ReturnType<typeof createOverrideSigner>;

/** "12", W/"12" or 12 -> 12; '*' or absent -> undefined (unconditional). */
function ifRevision(header: string | undefined) {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) {
    throw new RegistryError('If-Match must be the registry revision from the ETag, like "12"');
  }
  return Number(match[1]);
}

const etag = (revision: number) => `"${revision}"`;
/** A change's answer, with the revision it made as the ETag for the next If-Match. */
function withRevision<R extends { revision: number }>(reply: FastifyReply, result: R) {
  reply.header('ETag', etag(result.revision));
  return result;
}

const changeOptions = (request: FastifyRequest<{ Body: s.ChangeBody | null }>) => ({
  operator: request.operator,
  reason: request.body?.reason,
  ifRevision: ifRevision(request.headers['if-match']),
});

type Remote = { Params: { remote: string } };

export function registryRoutes(app: FastifyInstance, store: RegistryStore) {
  app.get('/_operator/registry', async (request, reply) => {
    const [state, document, failures, loads] = await Promise.all([
      store.read(),
      store.document(),
      store.failures(),
      store.loads(),
    ]);
    reply.header('ETag', etag(state.revision));
    return {
      revision: state.revision,
      operator: request.operator,
      access: request.access,
      state,
      document,
      failures,
      loads,
    };
  });

  app.get<{ Querystring: s.HistoryQuery }>(
    '/_operator/registry/history',
    { schema: { querystring: s.historyQuery } },
    async (request) => ({
      history: await store.history({
        remote: request.query.remote,
        limit: request.query.limit ?? 100,
      }),
    }),
  );

  app.put<Remote & { Body: s.ActivateBody }>(
    '/_operator/registry/:remote',
    { bodyLimit: 2048, schema: { body: s.activateBody } },
    async (request, reply) => {
      authorize(request, {
        action: 'change',
        remote: request.params.remote,
        force: request.body.force === true,
        wins: request.body.wins === true,
      });
      const result = await store.activate(request.params.remote, request.body.version, {
        ...changeOptions(request),
        force: request.body.force === true,
        wins: request.body.wins === true,
      });
      return withRevision(reply, result);
    },
  );

  app.post<Remote & { Body: s.RollbackBody | null }>(
    '/_operator/registry/:remote/rollback',
    { bodyLimit: 2048, schema: { body: s.rollbackBody } },
    async (request, reply) => {
      authorize(request, {
        action: 'change',
        remote: request.params.remote,
        wins: request.body?.wins === true,
      });
      const result = await store.rollback(request.params.remote, {
        ...changeOptions(request),
        to: request.body?.version,
        wins: request.body?.wins === true,
      });
      return withRevision(reply, result);
    },
  );
}

/**
 * A share of browsers gets `version` (1..99; 100 activates it for everyone), the others keep the
 * live one; DELETE ends the rollout. Same checks, force and If-Match as activate.
 */
export function rolloutRoutes(app: FastifyInstance, store: RegistryStore) {
  app.put<Remote & { Body: s.RolloutBody }>(
    '/_operator/registry/:remote/rollout',
    { bodyLimit: 2048, schema: { body: s.rolloutBody } },
    async (request, reply) => {
      authorize(request, {
        action: 'change',
        remote: request.params.remote,
        force: request.body.force === true,
        wins: request.body.wins === true,
      });
      const result = await store.rollout(
        request.params.remote,
        request.body.version,
        request.body.percent,
        {
          ...changeOptions(request),
          force: request.body.force === true,
          wins: request.body.wins === true,
          stopAbove: request.body.stopAbove,
          minLoads: request.body.minLoads,
        },
      );
      return withRevision(reply, result as { revision: number });
    },
  );

  app.delete<Remote & { Body: s.ChangeBody | null }>(
    '/_operator/registry/:remote/rollout',
    { bodyLimit: 2048, schema: { body: s.cancelRolloutBody } },
    async (request, reply) => {
      authorize(request, { action: 'change', remote: request.params.remote });
      const result = await store.cancelRollout(request.params.remote, changeOptions(request));
      return withRevision(reply, result);
    },
  );
}

/**
 * A link that pins `version` of a remote in the browser of whoever opens it, until it expires
 * (registry-per-browser.ts); recorded in the history with the operator who asked for it.
 */
export function overrideRoutes(app: FastifyInstance, store: RegistryStore, signer: Signer) {
  app.post<{ Body: s.OverrideBody }>(
    '/_operator/overrides',
    { bodyLimit: 2048, schema: { body: s.overrideBody } },
    async (request, reply) => {
      authorize(request, {
        action: 'change',
        remote: request.body.remote,
        force: request.body.force === true,
        wins: request.body.wins === true,
      });
      const minutes = request.body.minutes ?? OVERRIDE_MINUTES.default;
      const expiresAt = new Date(Math.floor((signer.now() + minutes * 60_000) / 1000) * 1000);
      const result = await store.recordOverride(
        request.body.remote,
        request.body.version,
        expiresAt,
        {
          ...changeOptions(request),
          force: request.body.force === true,
          wins: request.body.wins === true,
        },
      );
      const token = await signer.sign({ remote: result.name, version: result.version, expiresAt });
      return reply
        .code(201)
        .header('ETag', etag(result.revision))
        .send({
          token,
          link: `/?${OVERRIDE_PARAM}=${encodeURIComponent(token)}`,
          remote: result.name,
          version: result.version,
          expiresAt: expiresAt.toISOString(),
        });
    },
  );
}

const yes = (flag: string | undefined) => flag === '1' || flag === 'true';

/** A built folder as a .tar.gz: 201 published, 200 already published with this content. */
export function uploadRoutes(app: FastifyInstance, store: RegistryStore) {
  app.addContentTypeParser(
    ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.put<{ Params: { remote: string; version: string }; Querystring: s.UploadQuery }>(
    '/_operator/registry/:remote/versions/:version',
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: { querystring: s.uploadQuery },
      // Before the body is read: a token that may not publish this remote never sends 64 MiB.
      preParsing: async (request) => {
        const { params, query } = request as typeof request & {
          params: { remote: string };
          query: s.UploadQuery;
        };
        authorize(request, {
          action: 'publish',
          remote: params.remote,
          wins: yes(query?.wins),
          force: yes(query?.force),
        });
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new RegistryError(
          'Send the built folder as a .tar.gz with Content-Type: application/gzip',
          415,
        );
      }
      const staging = path.join(store.deployDir, 'remotes', '.uploads');
      const result = await withUnpackedBuild(request.body, staging, (build) =>
        store.publishFolder(request.params.remote, build.root, request.params.version, {
          operator: request.operator,
          reason: request.query.reason,
          newRemote: yes(request.query['new-remote']),
          wins: yes(request.query.wins),
          force: yes(request.query.force),
          prepared: build,
        }),
      );
      return reply.code(result.published ? 201 : 200).send(result);
    },
  );
}

/**
 * An operator marks a published version bad, so the browsers' fallback and one-step rollback skip
 * it, or vouches for it again (DELETE); both in the history (docs/decisions/045-...).
 */
export function markRoutes(app: FastifyInstance, store: RegistryStore) {
  for (const [method, change] of [
    ['POST', store.markBad],
    ['DELETE', store.unmarkBad],
  ] as const) {
    app.route<Remote & { Body: s.MarkBody }>({
      method,
      url: '/_operator/registry/:remote/bad',
      bodyLimit: 2048,
      schema: { body: s.markBody },
      handler: async (request, reply) =>
        withRevision(
          reply,
          await change(request.params.remote, request.body.version, changeOptions(request)),
        ),
    });
  }
}
