import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../db/schema';
import { AppError } from './errors';

/** A session token lives two hours; refresh renews it while the session is at most seven days old. */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  schoolId: string;
  role: Role;
  tokenVersion: number;
  jti: string;
  /** When the person signed in (seconds); refresh keeps it. */
  authTime: number;
  expiresAt: number;
}

const encoder = new TextEncoder();

/** The secret's HMAC key, imported once per isolate rather than on every sign and check. */
let keyed: { secret: string; key: Promise<CryptoKey>; verified: Map<string, SessionClaims> } | null = null;

function keysOf(secret: string) {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  if (keyed?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keyed = { secret, key, verified: new Map() };
  }
  return keyed;
}

/**
 * Tokens whose signature this isolate has checked, with their claims: a token is a few hundred bytes, so the last
 * 500 are kept (oldest out first). Expiry is still checked on every use; revocation is the session check's work.
 */
const VERIFIED_KEPT = 500;

export async function issueToken(
  secret: string,
  input: { userId: string; schoolId: string; role: Role; tokenVersion: number; authTime?: number },
  now: Date,
): Promise<{ token: string; claims: SessionClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: SessionClaims = {
    userId: input.userId,
    schoolId: input.schoolId,
    role: input.role,
    tokenVersion: input.tokenVersion,
    jti: crypto.randomUUID(),
    authTime: input.authTime ?? iat,
    expiresAt: iat + TOKEN_TTL_SECONDS,
  };
  const token = await new SignJWT({
    sch: claims.schoolId,
    role: claims.role,
    ver: claims.tokenVersion,
    auth_time: claims.authTime,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setIssuedAt(iat)
    .setExpirationTime(claims.expiresAt)
    .sign(await keysOf(secret).key);
  return { token, claims };
}

export async function readToken(secret: string, token: string, now: Date): Promise<SessionClaims> {
  const { key, verified } = keysOf(secret);
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt <= Math.floor(now.getTime() / 1000)) {
      verified.delete(token);
      throw new AppError(401, 'Token expired. Please login again.', { code: 'TOKEN_EXPIRED' });
    }
    return { ...known };
  }
  const claims = await checkToken(key, token, now);
  if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  verified.set(token, claims);
  return { ...claims };
}

async function checkToken(key: Promise<CryptoKey>, token: string, now: Date): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, jti, exp, sch, role, ver, auth_time: authTime } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof jti !== 'string' ||
      typeof exp !== 'number' ||
      typeof sch !== 'string' ||
      typeof role !== 'string' ||
      typeof ver !== 'number' ||
      typeof authTime !== 'number'
    ) {
      throw new AppError(401, 'Invalid token');
    }
    return {
      userId: sub,
      schoolId: sch,
      role: role as Role,
      tokenVersion: ver,
      jti,
      authTime,
      expiresAt: exp,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new AppError(401, 'Token expired. Please login again.', { code: 'TOKEN_EXPIRED' });
    throw new AppError(401, 'Invalid token');
  }
}
