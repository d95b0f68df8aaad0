// One error type for the whole server: a value with an HTTP status, mapped to JSON in one place
// (lib/http/route.ts). Messages are the spec's wording where it gives one.
export type ErrorCode =
  | "validation_error"
  | "unauthorized"
  | "invalid_grant"
  | "email_not_verified"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_required"
  | "payload_too_large"
  | "rate_limited"
  | "bad_request"
  | "unavailable"
  | "service_unavailable"
  | "internal_error";

const STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_grant: 401,
  payment_required: 402,
  email_not_verified: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  // A feature this server is not configured for (payments, webhooks).
  unavailable: 503,
  // The database cannot serve us right now; the same request will work again (Retry-After).
  service_unavailable: 503,
};

export interface ErrorIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, extra: { issues?: ErrorIssue[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.issues = extra.issues;
    this.headers = extra.headers;
  }

  toJSON() {
    return { error: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}
