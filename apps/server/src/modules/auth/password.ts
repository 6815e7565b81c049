import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '../../errors.ts';
import { ConcurrencyLimit } from '../../lib/concurrency-limit.ts';

const scryptUnlimited = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** What a caller hears when the hashing queue is full (a flood of logins or sign-ups). */
export const HASHING_BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

/**
 * Password hashes at once, and how many more may wait. scrypt runs on libuv's thread pool (four
 * threads unless UV_THREADPOOL_SIZE says otherwise), which file reads (static files, uploads) and
 * DNS share: two hashes leave them the other threads, so a login flood cannot starve every other
 * request. A waiting hash waits at most a second or so; beyond the queue, the answer is 503.
 */
export const passwordHashing = new ConcurrencyLimit(
  2,
  16,
  () => new AppError(503, 'server_busy', HASHING_BUSY_MESSAGE),
);

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
): Promise<Buffer> {
  return passwordHashing.run(() => scryptUnlimited(password, salt, keylen, options));
}

/**
 * scrypt's cost for new hashes, as a power of two (PASSWORD_HASH_COST): 15 is 2^15 × 8 × 128
 * bytes = 32 MiB of memory per hash, about 100 ms here. Every hash records its own cost, so
 * changing it re-costs only passwords set afterwards.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
/** Block size and parallelism; maxmem lets the highest cost config allows (2^17, 128 MiB) run. */
const COST = { r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;
let costLog2 = DEFAULT_PASSWORD_HASH_COST;
let unknownUserHash: { costLog2: number; hash: Promise<string> } | undefined;

/** Sets the cost of hashes made from now on; the server does this once, from its config. */
export function setPasswordHashCost(log2: number): void {
  costLog2 = log2;
}

/** Hashes a password with scrypt (memory-hard); the result embeds its parameters and salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** costLog2;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...COST, N });
  return ['scrypt', N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A hash at the current cost to verify against when the e-mail is unknown, so a wrong e-mail
 * takes as long as a wrong password.
 */
export function hashForUnknownUser(): Promise<string> {
  if (unknownUserHash?.costLog2 !== costLog2) {
    unknownUserHash = { costLog2, hash: hashPassword(crypto.randomBytes(16).toString('hex')) };
  }
  return unknownUserHash.hash;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const key = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(saltText, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: COST.maxmem,
    },
  );
  return crypto.timingSafeEqual(key, expected);
}

/** A readable random password for generated admin accounts. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
