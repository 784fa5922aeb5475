import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
} from "arctic";
import { email as emailSchema, type GoogleErrorCode } from "@artifact-atlas/shared";
import type { Env } from "../env";

/**
 * Google sign-in with arctic's generic OAuth2Client rather than its `Google` class, which hard-codes
 * Google's endpoints: with the endpoints from configuration, the same code runs against a local
 * OpenID provider in tests (docs/google-sign-in.md).
 */
export type GoogleConfig = NonNullable<Env["google"]>;

export const GOOGLE_SCOPES = ["openid", "email", "profile"];

/** Google's own issuer appears in ID tokens both with and without the scheme. */
const GOOGLE_ISSUER = "https://accounts.google.com";
/** Tolerated difference between our clock and the provider's when checking `exp`. */
const CLOCK_SKEW_SECONDS = 60;
const DEFAULT_TOKEN_TIMEOUT_MS = 10_000;

/** The claims the account logic needs, read from a checked ID token. */
export interface GoogleClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** A failed step of the flow: `code` goes to the browser, `reason` only to the log. */
export class GoogleSignInError extends Error {
  constructor(
    readonly code: GoogleErrorCode,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in failed (${code}): ${reason}`, options);
    this.name = "GoogleSignInError";
  }
}

export interface GoogleAuthorization {
  url: URL;
  state: string;
  codeVerifier: string;
}

export function createGoogleOAuth(
  config: GoogleConfig,
  options: { tokenTimeoutMs?: number; now?: () => number } = {},
) {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  const tokenTimeoutMs = options.tokenTimeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const issuers = new Set([stripSlash(config.issuer)]);
  if (stripSlash(config.issuer) === GOOGLE_ISSUER) issuers.add("accounts.google.com");

  return {
    /** A fresh state and PKCE verifier, and the provider's URL that carries the state and S256 challenge. */
    createAuthorization(): GoogleAuthorization {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(
        config.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        GOOGLE_SCOPES,
      );
      return { url, state, codeVerifier };
    },

    /** Exchanges the code (with the verifier) at the token endpoint and checks the ID token. */
    async exchangeCode(code: string, codeVerifier: string): Promise<GoogleClaims> {
      const tokens = await withTimeout(
        client.validateAuthorizationCode(config.tokenEndpoint, code, codeVerifier),
        tokenTimeoutMs,
      ).catch((error: unknown) => {
        throw tokenRequestError(error);
      });
      let idToken: string;
      try {
        idToken = tokens.idToken();
      } catch (error) {
        throw new GoogleSignInError("invalid_token", "token response had no id_token", {
          cause: error,
        });
      }
      return readClaims(idToken, {
        issuers,
        clientId: config.clientId,
        nowSeconds: now() / 1000,
      });
    },
  };
}

function stripSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

class TokenTimeoutError extends Error {}

/** arctic's fetch takes no signal; a provider that never answers must not hold the browser forever. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TokenTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * An OAuth error answer about the grant (RFC 6749 section 5.2) means the code was refused: invalid,
 * expired, already used or not matching the verifier. So does a plain 400 in another shape (some
 * providers answer RFC 9457 problem details): a bad request on the token endpoint is about the code
 * we sent. Any other OAuth error is the provider refusing us (e.g. a wrong client secret); no answer
 * or another answer means it is unavailable.
 */
function tokenRequestError(error: unknown): GoogleSignInError {
  if (error instanceof OAuth2RequestError) {
    const refusedCode = error.code === "invalid_grant" || error.code === "invalid_request";
    return new GoogleSignInError(
      refusedCode ? "invalid_code" : "provider_error",
      `token endpoint answered ${error.code}${error.description ? `: ${error.description}` : ""}`,
    );
  }
  if (error instanceof UnexpectedErrorResponseBodyError && error.status === 400) {
    return new GoogleSignInError("invalid_code", `token endpoint answered 400: ${describe(error)}`);
  }
  if (error instanceof ArcticFetchError || error instanceof TokenTimeoutError) {
    return new GoogleSignInError(
      "provider_unavailable",
      `token endpoint unreachable: ${describe(error)}`,
    );
  }
  return new GoogleSignInError(
    "provider_unavailable",
    `token endpoint gave an unexpected answer: ${describe(error)}`,
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { status?: unknown }).status;
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${typeof status === "number" ? ` [HTTP ${status}]` : ""}${cause}`;
}

/**
 * The signature is not checked: the token came straight from the token endpoint over TLS, which
 * OpenID Connect Core 3.1.3.7 allows. Issuer, audience and expiry are still checked, so a token
 * meant for another client or from another provider is refused.
 */
function readClaims(
  idToken: string,
  expected: { issuers: Set<string>; clientId: string; nowSeconds: number },
): GoogleClaims {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(idToken) as Record<string, unknown>;
  } catch (error) {
    throw new GoogleSignInError("invalid_token", "id_token is not a JWT", { cause: error });
  }
  const invalid = (reason: string) => new GoogleSignInError("invalid_token", reason);

  if (typeof claims.iss !== "string" || !expected.issuers.has(stripSlash(claims.iss))) {
    throw invalid(`unexpected issuer ${JSON.stringify(claims.iss)}`);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw invalid("audience is not this client");
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_SECONDS < expected.nowSeconds) {
    throw invalid("id_token expired");
  }
  if (typeof claims.sub !== "string" || claims.sub === "") throw invalid("id_token has no sub");
  const email = emailSchema.safeParse(claims.email);
  if (!email.success) throw invalid("id_token has no valid email");
  return {
    subject: claims.sub,
    email: email.data,
    // Some providers send the boolean as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: typeof claims.name === "string" ? claims.name : null,
    picture: typeof claims.picture === "string" ? claims.picture : null,
  };
}
