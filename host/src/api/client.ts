// The one HTTP client of the app (`./api`): base URL ending in /api, app-check and
// bearer headers on every request, the encrypted envelope, errors normalised to { status, message }.
import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { createAppCheck, APP_CHECK_HEADER, type AppCheck } from './app-check';
import { getAppConfig, type AppConfig } from './config';
import { isEnvelope } from './envelope';
import { toApiError } from './errors';
import { refusesTheBearer } from './session-refused';
import { TOKEN_KEY, USER_ID_KEY } from '../session/keys';
import type {
  ApiClient as DeclaredApiClient,
  ApiResponse,
  HttpMethods,
  RequestOptions,
} from 'host/api';

// The contract remotes compile against (@ajo/remote-kit/host-modules): implemented, not restated.
export type { ApiResponse, HttpMethods, RequestOptions };

export interface ApiClient extends DeclaredApiClient {
  /** The underlying axios instance, for tests and rare needs (uploads with progress). */
  readonly axios: AxiosInstance;
}

export interface ApiClientDeps {
  loadConfig?: () => Promise<AppConfig>;
  appCheck?: AppCheck;
  storage?: Pick<Storage, 'getItem'>;
  /**
   * The server refused the bearer of a signed-in session: the session is over (signed out
   * elsewhere, ended by a PIN reset, expired). Called before the call rejects.
   */
  onSessionRefused?: () => void;
}

/** A refused bearer ends the session; other 401s (a wrong PIN or OTP) do not (session-refused.ts). */
function refusesTheSession(error: unknown): boolean {
  return (
    isAxiosError(error) &&
    refusesTheBearer(error.response?.status, error.response?.headers?.['www-authenticate'])
  );
}

type Method = 'get' | 'delete' | 'post' | 'put' | 'patch';

/**
 * crypto-js (5.8 KB gzip) loads with the first encrypted call or enveloped answer, not with the
 * client: only encrypted calls carry the envelope, both ways, so a page that only reads never
 * downloads it (docs/decisions/017-compressed-and-budgeted-first-pages.md).
 */
const loadCrypto = () => import('./crypto');

export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const loadConfig = deps.loadConfig ?? getAppConfig;
  const storage = deps.storage ?? globalThis.localStorage;
  const appCheck = deps.appCheck ?? createAppCheck(async () => (await loadConfig()).apiBaseUrl);
  const instance = axios.create({ headers: { 'Content-Type': 'application/json' } });

  instance.interceptors.request.use(async (config) => {
    const { apiBaseUrl } = await loadConfig();
    config.baseURL = apiBaseUrl;
    const token = await appCheck.getToken();
    if (token) config.headers.set(APP_CHECK_HEADER, token);
    const bearer = storage?.getItem(TOKEN_KEY);
    if (bearer) config.headers.set('Authorization', `Bearer ${bearer}`);
    return config;
  });

  async function send<T>(
    method: Method,
    url: string,
    body: unknown,
    options: RequestOptions | undefined,
    encrypt: boolean,
  ): Promise<ApiResponse<T>> {
    const hasBody = method !== 'get' && method !== 'delete';
    const sealed = encrypt && hasBody;
    const [{ encryptionSecret }, crypto] = await Promise.all([
      loadConfig(),
      sealed ? loadCrypto() : undefined,
      // The app-check token the interceptor needs is fetched while the cipher downloads, so the
      // cipher adds no round trip of its own to the first encrypted call (the interceptor then
      // finds the token cached; getToken never rejects).
      sealed ? appCheck.getToken() : undefined,
    ]);
    const { onUploadProgress, ...rest } = options ?? {};
    const config: AxiosRequestConfig = { method, url, ...rest };
    if (onUploadProgress) {
      config.onUploadProgress = ({ loaded, total }) => onUploadProgress({ loaded, total });
    }
    if (hasBody) {
      config.data = crypto ? { encrypted: crypto.encryptPayload(body, encryptionSecret) } : body;
    }
    // Decrypt any enveloped answer or error body, so plain and encrypted calls read the same way.
    const opened = async (data: unknown) =>
      isEnvelope(data)
        ? (crypto ?? (await loadCrypto())).decryptPayload(data.encrypted, encryptionSecret)
        : data;
    try {
      const res = await instance.request<unknown>(config);
      return { status: res.status, data: (await opened(res.data)) as T };
    } catch (error) {
      if (isAxiosError(error) && error.response)
        error.response.data = await opened(error.response.data);
      const apiError = toApiError(error);
      if (refusesTheSession(error) && storage?.getItem(TOKEN_KEY) && storage.getItem(USER_ID_KEY)) {
        deps.onSessionRefused?.();
      }
      throw apiError;
    }
  }

  const methods = (encrypt: boolean): HttpMethods => ({
    get: (url, options) => send('get', url, undefined, options, encrypt),
    delete: (url, options) => send('delete', url, undefined, options, encrypt),
    post: (url, body, options) => send('post', url, body, options, encrypt),
    put: (url, body, options) => send('put', url, body, options, encrypt),
    patch: (url, body, options) => send('patch', url, body, options, encrypt),
  });

  return { ...methods(false), encrypted: methods(true), axios: instance };
}
