import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt at N = 2^15, r = 8, p = 1 (OWASP's recommended floor); 32 MiB of memory and ~50 ms per hash.
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMETERS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A hash of a random password, checked when an e-mail is unknown so that answer takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

// The most common passwords that pass the length rule; a full breached-password list would need a download.
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '12345678910',
  '0123456789',
  '1111111111',
  'qwertyuiop',
  'password123',
  'password1234',
  'passwordpassword',
  'iloveyou123',
  'qwerty12345',
  'qwerty123456',
  'abcdefghij',
  'abc1234567',
  'letmein123',
  'welcome123',
  'administrator',
  'crossstitch',
  'stitchwise',
  'stitchwise1',
]);

/** The password policy: a reason the password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string, name: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return 'Use a password with more variety than a few repeated characters.';
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0] || lower === name.trim().toLowerCase()) {
    return 'Do not use your e-mail address or name as your password.';
  }
  return undefined;
}
