/**
 * The one JWT verifier every surface uses (REST, Auth, Storage, the Functions gateway), on jose:
 * HS256/384/512 with the project's secret, and ES256 / RS256 (and their siblings) with the public
 * keys of a JWKS (`createLocalJWKSet`, chosen by `kid`, else by algorithm), signature and the time
 * claims (exp, nbf) checked by `jwtVerify`.
 *
 * A refusal is a JwtFailure: a `reason` every surface maps to its own upstream's wording (PostgREST's
 * PGRST301/303, GoTrue's bad_jwt with golang-jwt's words, Storage's jose messages, the edge
 * runtime's "Invalid JWT"), plus what the wording needs (the segment count, the claim, the header).
 */
import {
  createLocalJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import type { Jwk } from './signing-keys.ts';

export type JwtFailureReason =
  /** not three segments */
  | 'segments'
  /** the header is not base64url JSON of an object */
  | 'header'
  /** the payload is not base64url JSON of an object (found once the signature is good) */
  | 'claims'
  /** no key of this algorithm's kind here at all (an RS256 token, a secret only), or alg "none" */
  | 'algorithm'
  /** keys of that kind exist, but none has the token's kid */
  | 'no-key'
  /** the signature does not verify with the key chosen */
  | 'signature'
  /** exp / nbf / iat is not a number */
  | 'claim-type'
  | 'expired'
  | 'not-yet-valid'
  | 'audience';

export class JwtFailure extends Error {
  constructor(
    readonly reason: JwtFailureReason,
    /** jose's message (Storage and the edge runtime report it as is) */
    message: string,
    readonly detail: {
      /** segments: how many there were */
      segments?: number;
      /** claim-type: which claim */
      claim?: string;
      /** the token's header, once it could be read */
      header?: { alg?: unknown; kid?: unknown };
    } = {},
  ) {
    super(message);
    this.name = 'JwtFailure';
  }
}

export interface VerifierKeys {
  /** HMAC secrets' bytes (HS256/384/512); the first that verifies wins */
  secret?: Uint8Array | null;
  /** public keys (EC, RSA, OKP) for the asymmetric algorithms */
  publicKeys?: Jwk[];
}

export interface VerifyOptions {
  /** seconds since the epoch (default: now) */
  now?: number;
  /** seconds of leeway on exp / nbf (PostgREST 30, GoTrue 0) */
  clockTolerance?: number;
  /** the aud the token must carry (checked only when given) */
  audience?: string;
  /** the algorithms accepted (default: every HS*, RS*, ES*, PS* and EdDSA the keys allow) */
  algorithms?: string[];
}

export interface Verified {
  header: JWTHeaderParameters;
  claims: Record<string, unknown>;
}

const HMAC = ['HS256', 'HS384', 'HS512'];
const KTY: Record<string, string> = { RS: 'RSA', PS: 'RSA', ES: 'EC', Ed: 'OKP' };

function ktyOf(alg: string): string | undefined {
  if (HMAC.includes(alg)) return 'oct';
  return KTY[alg.slice(0, 2)];
}

/** base64url JSON of an object, or undefined. */
function decodeObject(segment: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export class JwtVerifier {
  private readonly secret: Uint8Array | null;
  private readonly publicKeys: Jwk[];
  private readonly jwks: ReturnType<typeof createLocalJWKSet> | null;

  constructor(keys: VerifierKeys) {
    this.secret = keys.secret && keys.secret.length > 0 ? keys.secret : null;
    this.publicKeys = (keys.publicKeys ?? []).filter((k) => k.kty !== 'oct');
    this.jwks = this.publicKeys.length
      ? createLocalJWKSet({ keys: this.publicKeys as JWK[] } as JSONWebKeySet)
      : null;
  }

  /** The verified header and claims, or a JwtFailure. */
  async verify(token: string, options: VerifyOptions = {}): Promise<Verified> {
    const parts = token.split('.');
    if (parts.length !== 3) {
      throw new JwtFailure('segments', 'Invalid Compact JWS', { segments: parts.length });
    }
    const header = decodeObject(parts[0]!);
    if (!header) throw new JwtFailure('header', 'JWS Protected Header is invalid');
    const alg = typeof header.alg === 'string' ? header.alg : '';
    const kty = ktyOf(alg);
    const haveKind = kty === 'oct' ? this.secret !== null : this.publicKeys.some((k) => k.kty === kty);
    if (!kty || !haveKind || (options.algorithms && !options.algorithms.includes(alg))) {
      throw new JwtFailure('algorithm', `"alg" (Algorithm) Header Parameter value not allowed`, {
        header,
      });
    }
    const key =
      kty === 'oct'
        ? this.secret!
        : (protectedHeader: JWTHeaderParameters, t: Parameters<ReturnType<typeof createLocalJWKSet>>[1]) =>
            this.jwks!(protectedHeader, t);
    try {
      const { payload, protectedHeader } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1], {
        algorithms: [alg],
        clockTolerance: options.clockTolerance ?? 0,
        currentDate: options.now === undefined ? undefined : new Date(options.now * 1000),
        audience: options.audience,
      });
      return { header: protectedHeader, claims: payload as Record<string, unknown> };
    } catch (e) {
      throw toFailure(e, header);
    }
  }
}

function toFailure(e: unknown, header: Record<string, unknown>): JwtFailure {
  const message = (e as Error)?.message ?? String(e);
  const detail = { header };
  if (e instanceof errors.JWKSNoMatchingKey) return new JwtFailure('no-key', message, detail);
  if (e instanceof errors.JWSSignatureVerificationFailed) return new JwtFailure('signature', message, detail);
  if (e instanceof errors.JWTExpired) return new JwtFailure('expired', message, detail);
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.reason === 'invalid') return new JwtFailure('claim-type', message, { ...detail, claim: e.claim });
    if (e.claim === 'nbf') return new JwtFailure('not-yet-valid', message, detail);
    if (e.claim === 'aud') return new JwtFailure('audience', message, detail);
    return new JwtFailure('claim-type', message, { ...detail, claim: e.claim });
  }
  if (e instanceof errors.JWTInvalid) return new JwtFailure('claims', message, detail);
  if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported)
    return new JwtFailure('algorithm', message, detail);
  // the header was read already: what jose still finds malformed is the payload or the signature
  if (e instanceof errors.JWSInvalid)
    return new JwtFailure(/payload/i.test(message) ? 'claims' : 'signature', message, detail);
  // a key jose cannot use for this algorithm (an RSA key too short, a curve mismatch)
  if (e instanceof TypeError) return new JwtFailure('no-key', message, detail);
  throw e;
}

/** The verifier for a project: its HS256 secret and its published keys. */
export function projectVerifier(secret: string, publicKeys: Jwk[] = []): JwtVerifier {
  return new JwtVerifier({ secret: new TextEncoder().encode(secret), publicKeys });
}

export type { JWTPayload };
