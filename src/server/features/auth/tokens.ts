// Signed JWT access tokens (HS256): who the user is comes from here, never from a request body.
import { jwtVerify, SignJWT } from 'jose';
import { type Role, role as roleSchema } from '../../../shared/api/auth.js';

export interface TokenSubject {
  id: number;
  role: Role;
}

export interface TokenService {
  sign(subject: TokenSubject): Promise<string>;
  /** The subject, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<TokenSubject | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (subject) =>
      new SignJWT({ role: subject.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subject.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        const role = roleSchema.safeParse(payload.role);
        if (!Number.isInteger(id) || id <= 0 || !role.success) return null;
        return { id, role: role.data };
      } catch {
        return null;
      }
    },
  };
}
