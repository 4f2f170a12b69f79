/** The error body every OpenAI endpoint returns. */
export interface OpenAiErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: string | null;
    readonly code: string | null;
  };
}

export function openAiError(message: string, type: string, code: string | null = null, param: string | null = null): OpenAiErrorBody {
  return { error: { message, type, param, code } };
}

/** A request the server refuses; becomes an HTTP error in the OpenAI shape. */
export class RequestError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly param: string | null;

  constructor(status: number, message: string, options: { type?: string; code?: string; param?: string } = {}) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.type = options.type ?? 'invalid_request_error';
    this.code = options.code ?? null;
    this.param = options.param ?? null;
  }

  toBody(): OpenAiErrorBody {
    return openAiError(this.message, this.type, this.code, this.param);
  }
}

/** The OpenAI error `type` that goes with an HTTP status. */
export function errorTypeForStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}
