// Exposed through federation as `host/api`. One instance app-wide: the host's own code
// reaches it through the federation runtime too, never by a local import.
import { createApiClient } from './client';
import { sessionRefused } from './session-refused';

export const api = createApiClient({
  // host/session ends the session: one notice, the token forgotten, the other tabs told.
  onSessionRefused: sessionRefused,
});
export { isApiError } from './errors';
export type { ApiError } from './errors';
export type { ApiClient, ApiResponse, HttpMethods, RequestOptions } from './client';
export { getAppConfig } from './config';
export type { AppConfig } from './config';
