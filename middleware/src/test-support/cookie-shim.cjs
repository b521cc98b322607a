// Jest only. light-my-request (behind fastify.inject) requires `cookie`, which is ESM-only since
// v2; Jest's CommonJS runtime on Node 20 cannot require ESM. This stand-in covers the one function
// it uses, enough for tests that inject cookies (the app itself sets none).
'use strict';
function stringifySetCookie(cookie) {
  return `${cookie.name}=${encodeURIComponent(cookie.value)}`;
}
module.exports = { stringifySetCookie };
