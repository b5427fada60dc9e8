// auth.login (docs/wire-facts.md §2).

export interface LoginRequest {
  /** Default 2592000 (30 days), at most 31536000. */
  expiration_sec?: number;
}
export interface LoginResponse {
  token: string;
}

/** What a readable token carries (treat the token itself as opaque). */
export interface TokenClaims {
  exp?: number;
  iat?: number;
  identity?: { user?: string; company?: string; role?: string; user_name?: string; company_name?: string };
  api_version?: string;
  server_version?: string;
  [claim: string]: unknown;
}

export const DEFAULT_TOKEN_EXPIRATION_SEC = 2_592_000;
export const MAX_TOKEN_EXPIRATION_SEC = 31_536_000;
