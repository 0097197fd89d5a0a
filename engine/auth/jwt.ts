/**
 * engine/auth: the users-permissions JWT. HS256 with JWT_SECRET, payload `{ id, iat, exp }` exactly
 * as Strapi v4 issues it (a Strapi token signed with the same secret is accepted). Verification
 * accepts HS256 only (so `alg: none` and RS/ES tokens fail), requires `exp` and an integer `id`.
 */
import { jwtVerify, SignJWT } from 'jose';

export class JwtCodec {
  private readonly key: Uint8Array;

  constructor(secret: string, readonly expiresInSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  /** 7 -> 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6NywiaWF0Ijo…' */
  issue(userId: number, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.expiresInSeconds)
      .sign(this.key);
  }

  /** the user id of a valid, unexpired token; undefined for anything else (never throws) */
  async verify(token: string, now = Date.now()): Promise<number | undefined> {
    return (await this.verifyClaims(token, now))?.id;
  }

  /** `{ id, iat }` of a valid, unexpired token (iat in seconds, 0 when absent); undefined for anything else */
  async verifyClaims(token: string, now = Date.now()): Promise<{ id: number; iat: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: new Date(now) });
      const id = payload.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
      return { id, iat: typeof payload.iat === 'number' ? payload.iat : 0 };
    } catch {
      return undefined;
    }
  }
}
