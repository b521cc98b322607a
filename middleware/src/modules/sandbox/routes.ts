import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { badRequest, notFound } from '../../errors.js';
import { UnsafePathError } from '../../providers/file-storage/index.js';
import { validate } from '../../validation.js';

const outboxQuery = z.strictObject({
  recipient: z
    .string('recipient is required')
    .check(z.trim(), z.minLength(1, 'recipient is required')),
});

/**
 * Sandbox-only routes (registered only when PROVIDERS=sandbox): the notifier's outbox, so people
 * and browser tests can read OTPs, and downloads of files the sandbox storage holds.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const outbox = app.providers.sandboxOutbox;
  if (!outbox) return;

  app.get('/sandbox/outbox', { preHandler: validate({ query: outboxQuery }) }, async (request) => {
    const { recipient } = request.query as z.infer<typeof outboxQuery>;
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
  });

  // <img src> cannot send the app-check header, hence appCheck: false.
  app.get('/sandbox/files/*', { config: { appCheck: false } }, async (request, reply) => {
    const filePath = (request.params as { '*': string })['*'];
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
  });
}
