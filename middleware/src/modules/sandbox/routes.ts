import { z } from 'zod/mini';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { fileResource } from '../../providers/file-storage/database.js';
import { assertSafePath, UnsafePathError } from '../../providers/file-storage/index.js';
import { createUrlSigner, type UrlSigner } from '../../security/signed-urls.js';

export const LINK_EXPIRED = 'This link has expired. Please open the file again from the app.';
export const LINK_INVALID = 'This link is not valid.';

/** The resource a statement attachment's link signs. */
const attachmentResource = (id: string) => `outbox-attachment:${id}`;

// A private file opens only with its link's signature, before expiry (README "Security notes").
const signedQuery = z.object({
  expires: z.optional(z.string()),
  signature: z.optional(z.string()),
});

function requireSignature(signer: UrlSigner, resource: string, query: z.infer<typeof signedQuery>) {
  const check = signer.check(resource, query.expires, query.signature);
  if (check === 'expired') throw new AppError(403, LINK_EXPIRED, 'LINK_EXPIRED');
  if (check !== 'valid') throw new AppError(403, LINK_INVALID, 'LINK_INVALID');
}

const outboxQuery = z.strictObject({
  recipient: z.string('recipient is required').check(
    z.trim(),
    z.minLength(1, 'recipient is required'),
    // A phone number or an e-mail address (RFC 5321 caps one at 254).
    z.maxLength(254, 'recipient must be at most 254 characters'),
  ),
});

const outboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['sms', 'email']),
      recipient: z.string(),
      subject: z.nullable(z.string()),
      body: z.string(),
      createdAt: z.string(),
      // Files sent with an e-mail (a statement PDF): open them at `url`.
      attachments: z.array(
        z.object({ filename: z.string(), contentType: z.string(), url: z.string() }),
      ),
    }),
  ),
});

const runJobsBody = z.strictObject({
  kind: z.string('kind is required').check(z.regex(/^[a-z][a-z0-9.-]{0,63}$/, 'Unknown job kind')),
});
const runJobsResponse = z.object({
  succeeded: z.number(),
  retried: z.number(),
  dead: z.number(),
});

const fileParams = z.object({ '*': z.string() });
const fileBytes = (what: string) => ({
  schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).check(z.describe(what)),
});

/**
 * Sandbox-only routes (registered only when PROVIDERS=sandbox): the notifier's outbox, so people
 * and browser tests can read OTPs; downloads of files the sandbox storage holds; and "run the
 * jobs of this kind now", so a tester sees a pending bank transfer settle without waiting for
 * its status query (README "Sandbox bank accounts").
 */
export async function sandboxRoutes(app: Api) {
  const outbox = app.providers.sandboxOutbox;
  // A tester's tool (a new customer reads the sign-up OTP here before having any token): never in
  // production mode, whatever providers a caller put together.
  if (!outbox || app.config.production) return;
  const signer = createUrlSigner(app.config.jwt.secret, () => app.clock.now());

  app.get(
    '/sandbox/outbox',
    { schema: { querystring: outboxQuery, response: { 200: outboxResponse, ...errors(400) } } },
    async (request) => {
      const { recipient } = request.query;
      const messages = await outbox.list(recipient);
      const attachments = await outbox.attachmentsOf(messages.map((m) => m.id));
      return {
        messages: messages.map((m) => ({
          attachments: attachments
            .filter((a) => a.outbox_id === m.id)
            .map((a) => ({
              filename: a.filename,
              contentType: a.content_type,
              url: `${app.config.publicBaseUrl}/api/sandbox/outbox/attachments/${a.id}?${signer.sign(attachmentResource(a.id))}`,
            })),
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          createdAt: m.created_at.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/sandbox/jobs/run-now',
    { schema: { body: runJobsBody, response: { 200: runJobsResponse, ...errors(400) } } },
    async (request) => {
      // Only waiting jobs become due; the queue's leases, fences and back-off apply as ever.
      await app.db
        .updateTable('jobs')
        .set({ run_at: app.clock.now() })
        .where('kind', '=', request.body.kind)
        .where('state', 'in', ['queued', 'failed'])
        .execute();
      return app.jobs.runDue();
    },
  );

  // A link a person opens from the outbox, hence no app-check header; PDFs only ever come from us.
  // Signed and short-lived like an uploaded file's link: a statement is private.
  app.get(
    '/sandbox/outbox/attachments/:id',
    {
      config: { appCheck: false },
      schema: {
        params: z.object({ id: z.uuid('Not found') }),
        querystring: signedQuery,
        response: {
          200: {
            description: 'The attached file (a statement PDF)',
            content: { 'application/pdf': fileBytes('PDF bytes') },
          },
          ...errors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      requireSignature(signer, attachmentResource(request.params.id), request.query);
      const file = await outbox.attachment(request.params.id);
      if (!file) throw notFound();
      const inline = file.content_type === 'application/pdf';
      reply.header('content-type', inline ? file.content_type : 'application/octet-stream');
      const safeName = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
      reply.header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${safeName}"`,
      );
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(Buffer.from(file.bytes));
    },
  );

  // <img src> cannot send the app-check header, hence appCheck: false; the link's signature (made
  // by the file storage's signedUrl for the file's owner) is what opens it.
  app.get(
    '/sandbox/files/*',
    {
      config: { appCheck: false },
      schema: {
        params: fileParams,
        querystring: signedQuery,
        response: {
          200: {
            description: 'The file; inert types inline, anything else as an attachment',
            content: {
              'image/*': fileBytes('image bytes'),
              'application/pdf': fileBytes('PDF bytes'),
              'application/octet-stream': fileBytes('any other file, as an attachment'),
            },
          },
          ...errors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const filePath = request.params['*'];
      try {
        assertSafePath(filePath);
      } catch (error) {
        if (error instanceof UnsafePathError) throw badRequest('Invalid file path');
        throw error;
      }
      requireSignature(signer, fileResource(filePath), request.query);
      const file = await app.providers.fileStorage.get(filePath);
      if (!file) throw notFound();
      // Only inert types are served inline: an uploaded HTML or SVG file must not run on our origin.
      const inline = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/.test(file.contentType);
      reply.header('content-type', inline ? file.contentType : 'application/octet-stream');
      if (!inline) reply.header('content-disposition', 'attachment');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(file.bytes);
    },
  );
}
