import { z } from 'zod/mini';
import { badRequest, notFound } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { UnsafePathError } from '../../providers/file-storage/index.js';

const outboxQuery = z.strictObject({
  recipient: z
    .string('recipient is required')
    .check(z.trim(), z.minLength(1, 'recipient is required')),
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
    }),
  ),
});

const fileParams = z.object({ '*': z.string() });
const fileBytes = (what: string) => ({
  schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).check(z.describe(what)),
});

/**
 * Sandbox-only routes (registered only when PROVIDERS=sandbox): the notifier's outbox, so people
 * and browser tests can read OTPs, and downloads of files the sandbox storage holds.
 */
export async function sandboxRoutes(app: Api) {
  const outbox = app.providers.sandboxOutbox;
  if (!outbox) return;

  app.get(
    '/sandbox/outbox',
    { schema: { querystring: outboxQuery, response: { 200: outboxResponse, ...errors(400) } } },
    async (request) => {
      const { recipient } = request.query;
      const messages = await outbox.list(recipient);
      return {
        messages: messages.map((m) => ({
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

  // <img src> cannot send the app-check header, hence appCheck: false.
  app.get(
    '/sandbox/files/*',
    {
      config: { appCheck: false },
      schema: {
        params: fileParams,
        response: {
          200: {
            description: 'The file; inert types inline, anything else as an attachment',
            content: {
              'image/*': fileBytes('image bytes'),
              'application/pdf': fileBytes('PDF bytes'),
              'application/octet-stream': fileBytes('any other file, as an attachment'),
            },
          },
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const filePath = request.params['*'];
      let file;
      try {
        file = await app.providers.fileStorage.get(filePath);
      } catch (error) {
        if (error instanceof UnsafePathError) throw badRequest('Invalid file path');
        throw error;
      }
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
