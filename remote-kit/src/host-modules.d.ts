// The contract of the modules the host exposes through Module Federation (host/api, host/session,
// host/bus): remotes reach them through ./host.ts, and the host's own modules are typed by it, so
// the two cannot drift (host/src/federation/exposed-types.test.ts checks the exported names).

declare module 'host/api' {
  export interface AppConfig {
    apiBaseUrl: string;
    encryptionSecret: string;
    bankName: string;
    /** Public pages (landing footer, referral landing); unset falls back to the remote's defaults. */
    bankLicence?: string;
    androidStoreUrl?: string;
    iosStoreUrl?: string;
  }
  /** Every failed call rejects with this shape; `message` is the server's when it sent one (SPEC §8). */
  export interface ApiError {
    status: number;
    /** The server's message, else a technical one (network error, HTTP status). */
    message: string;
    /** Only what the server said: toast `serverMessage ?? <SPEC §8 fallback>`. */
    serverMessage?: string;
    data?: unknown;
  }
  export interface ApiResponse<T> {
    status: number;
    data: T;
  }
  export interface RequestOptions {
    params?: Record<string, string | number | boolean | undefined>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /**
     * Upload progress of the request body (XHR `upload.onprogress` through axios), for the onboarding
     * photo's percentage (SPEC §2 "upload with a progress percentage"). `total` is unknown when the
     * browser cannot tell.
     */
    onUploadProgress?: (progress: { loaded: number; total?: number }) => void;
  }
  export interface HttpMethods {
    get<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    delete<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    post<T = unknown>(
      url: string,
      body?: unknown,
      options?: RequestOptions,
    ): Promise<ApiResponse<T>>;
    put<T = unknown>(
      url: string,
      body?: unknown,
      options?: RequestOptions,
    ): Promise<ApiResponse<T>>;
    patch<T = unknown>(
      url: string,
      body?: unknown,
      options?: RequestOptions,
    ): Promise<ApiResponse<T>>;
  }
  export interface ApiClient extends HttpMethods {
    /**
     * Sends {"encrypted": ...} and decrypts the {"encrypted": ...} answer (docs/architecture.md
     * "The wire contract").
     */
    encrypted: HttpMethods;
  }
  export const api: ApiClient;
  export function isApiError(error: unknown): error is ApiError;
  export function getAppConfig(): Promise<AppConfig>;
}

declare module 'host/session' {
  import type { Observable } from '@ajo/shared/rx';
  import type { User } from '@ajo/shared/entities';
  export const TOKEN_KEY: 'tk';
  export const USER_ID_KEY: 'id';
  export interface Session {
    getToken(): string | null;
    getUserId(): string | null;
    isAuthenticated(): boolean;
    /** Stores tk and id (SPEC §4 Login: on success the token and id are stored). */
    start(token: string, userId: string | number): void;
    /**
     * Sign-up (SPEC §2 /otp): stores the token POST /auth gives for a verified phone as the bearer
     * (tk) with no user id, so the route guard does not take it for a signed-in session. Any
     * previous session's id and user are dropped with it.
     */
    startSignup(token: string): void;
    /** The sign-up token while a sign-up is in progress (tk stored without an id), else null. */
    getSignupToken(): string | null;
    /** Forgets the sign-up token once the account exists; a signed-in session is left alone. */
    endSignup(): void;
    readonly user$: Observable<User | null>;
    getUser(): User | null;
    setUser(user: User | null): void;
    /**
     * GET /users/{id}; publishes the user on user$ and on the bus. With `maxAgeMs`, a user this
     * session fetched at most that long ago is answered without a request (an older host ignores
     * the option and always fetches).
     */
    loadUser(options?: { maxAgeMs?: number }): Promise<User>;
    /** Clears all local browser storage, emits 'signed-out' (the shell then goes to /login). */
    signOut(): void;
  }
  export const session: Session;
}

declare module 'host/bus' {
  import type { EventBus } from '@ajo/shared/events';
  export const bus: EventBus;
}
