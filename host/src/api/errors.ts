import { isAxiosError } from 'axios';
import type { ApiError } from 'host/api';

// Every failed call rejects with ApiError; `message` is the server's when it sent one (SPEC §8).
export type { ApiError };

export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiError).status === 'number' &&
    typeof (error as ApiError).message === 'string'
  );
}

/** `error`'s body, if it was an envelope, is already opened by the client (./client.ts). */
export function toApiError(error: unknown): ApiError {
  // Axios errors first: since axios 1.7 an AxiosError also carries `status` and `message`, so the
  // isApiError check alone would pass it through without the decrypted server message.
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.response?.data;
    const serverMessage =
      typeof data === 'object' &&
      data !== null &&
      typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : // A short plain-text body (a decrypted non-JSON answer) is the message; never an HTML page.
          typeof data === 'string' &&
            data.length > 0 &&
            data.length < 300 &&
            !data.trimStart().startsWith('<')
          ? data
          : undefined;
    return { status, message: serverMessage ?? error.message, serverMessage, data };
  }
  if (isApiError(error)) return error;
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}
