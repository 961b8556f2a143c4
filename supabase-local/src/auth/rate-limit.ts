/**
 * GoTrue's per-IP rate limits (internal/api/apilimiter): token buckets, one per client address and
 * endpoint group, refilled at `limit` per 5 minutes and holding at most `burst` (30) requests. A
 * request finding its bucket empty gets 429 over_request_rate_limit.
 *
 * Defaults are GoTrue's, overridable in config.toml's [auth.rate_limit] under the Supabase CLI's names:
 * token_refresh (every /token grant), sign_in_sign_ups (sign-up, recover, resend, otp, user updates),
 * token_verifications (/verify). email_sent is not applied: like `supabase start` with its local
 * mailbox, nothing leaves the machine.
 */
import type { SupabaseConfig } from '../config.ts';
import { tooManyRequests } from './errors.ts';

export interface LimitRule {
  /** requests refilled per 5 minutes */
  perFiveMinutes: number;
  /** the most requests at once (GoTrue: 30) */
  burst: number;
}

export interface RateLimits {
  token: LimitRule;
  /** anonymous sign-ins: anonymous_users per hour */
  anonymous: LimitRule;
  /** sign-up, recover, resend, otp, PUT /user (GoTrue's RATE_LIMIT_OTP group) */
  otp: LimitRule;
  verify: LimitRule;
}

export type LimitGroup = 'token' | 'verify' | 'signup' | 'recover' | 'resend' | 'otp' | 'user' | 'anonymous';

export function rateLimitsFromConfig(
  config: SupabaseConfig,
  overrides: Partial<RateLimits> = {},
): RateLimits {
  const r = config.auth.rateLimit;
  const rule = (n: number | undefined, d: number): LimitRule => ({ perFiveMinutes: n ?? d, burst: 30 });
  return {
    token: overrides.token ?? rule(r.token_refresh, 150),
    // GoTrue: an hourly rate with the whole hour's allowance as the burst
    anonymous: overrides.anonymous ?? {
      perFiveMinutes: (r.anonymous_users ?? 30) / 12,
      burst: r.anonymous_users ?? 30,
    },
    otp: overrides.otp ?? rule(r.sign_in_sign_ups, 30),
    verify: overrides.verify ?? rule(r.token_verifications, 30),
  };
}

interface Bucket {
  tokens: number;
  at: number;
}

/** One token bucket per key. */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number,
  ) {}

  allow(key: string): boolean {
    const t = this.now();
    const perMs = this.rule.perFiveMinutes / 300_000;
    const b = this.#buckets.get(key) ?? { tokens: this.rule.burst, at: t };
    b.tokens = Math.min(this.rule.burst, b.tokens + Math.max(0, t - b.at) * perMs);
    b.at = t;
    this.#buckets.set(key, b);
    if (this.#buckets.size > 10_000) this.#prune(t, perMs);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Drops buckets that have refilled completely (they hold nothing a new bucket would not). */
  #prune(t: number, perMs: number): void {
    for (const [k, b] of this.#buckets) {
      if (b.tokens + (t - b.at) * perMs >= this.rule.burst) this.#buckets.delete(k);
    }
  }
}

/** The limiters of one Auth instance: each endpoint group has its own buckets, as in GoTrue. */
export function createLimiter(limits: RateLimits, now: () => number) {
  const groups: Record<LimitGroup, TokenBuckets> = {
    token: new TokenBuckets(limits.token, now),
    verify: new TokenBuckets(limits.verify, now),
    signup: new TokenBuckets(limits.otp, now),
    recover: new TokenBuckets(limits.otp, now),
    resend: new TokenBuckets(limits.otp, now),
    otp: new TokenBuckets(limits.otp, now),
    user: new TokenBuckets(limits.otp, now),
    anonymous: new TokenBuckets(limits.anonymous, now),
  };
  return {
    /** throws 429 over_request_rate_limit when the client's bucket for `group` is empty */
    check(group: LimitGroup, ip: string): void {
      if (!groups[group].allow(ip))
        throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
