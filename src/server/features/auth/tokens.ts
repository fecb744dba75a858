// Signed JWT access tokens (HS256): who the user is comes from here, never from a request body.
import { jwtVerify, SignJWT } from 'jose';
import { type Role, role as roleSchema } from '../../../shared/api/auth.js';

export interface TokenSubject {
  id: number;
  role: Role;
  /** The session the token belongs to (sessions.id): revoking it ends the token (issue 28). */
  sid: string;
}

export interface TokenService {
  sign(subject: TokenSubject): Promise<string>;
  /** The subject, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<TokenSubject | null>;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verified tokens remembered, so a busy client's every request does not pay for the signature check again. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { subject: TokenSubject; expiresAtMs: number }>();
  return {
    sign: (subject) =>
      new SignJWT({ role: subject.role, sid: subject.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const cached = verified.get(token);
      if (cached) {
        if (cached.expiresAtMs > Date.now()) return cached.subject;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        const role = roleSchema.safeParse(payload.role);
        const sid = payload.sid;
        // A token from before sessions (no sid) is refused: its holder signs in again.
        if (!Number.isInteger(id) || id <= 0 || !role.success || !payload.exp) return null;
        if (typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
        const subject = { id, role: role.data, sid };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { subject, expiresAtMs: payload.exp * 1000 });
        return subject;
      } catch {
        return null;
      }
    },
  };
}
