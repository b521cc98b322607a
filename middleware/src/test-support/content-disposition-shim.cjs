// Jest only. @fastify/static (behind the Swagger UI at /api/docs) requires `content-disposition`,
// which is ESM-only since v3; Jest's CommonJS runtime on Node 20 cannot require ESM. This stand-in
// covers the one function it uses (reply.download, which the app never calls).
'use strict';
function create(filename) {
  return `attachment; filename="${String(filename).replace(/["\\]/g, '')}"`;
}
module.exports = { create };
