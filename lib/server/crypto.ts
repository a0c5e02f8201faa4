// Secrets: hashing of API keys and tokens, AES-256-GCM for provider keys, scrypt for passwords.
import { createCipheriv, createDecipheriv, hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { dataDir } from './config';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

let cachedKey: Buffer | undefined;

/**
 * The key that encrypts provider keys: SECRET_KEY (64 hex chars or base64 of 32 bytes), else
 * a key generated once into the data directory (file mode 0600).
 */
export function encryptionKey(): Buffer {
  if (cachedKey) return cachedKey;
  const fromEnv = process.env.SECRET_KEY;
  if (fromEnv) {
    const key = /^[0-9a-f]{64}$/i.test(fromEnv) ? Buffer.from(fromEnv, 'hex') : Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, as 64 hex characters or base64');
    return (cachedKey = key);
  }
  const file = path.join(dataDir(), 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return (cachedKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** Whether a text of encryptSecret decrypts under `key` (its authentication tag checks): the start's key check (./secret-key-check). */
export function decryptsUnder(key: Buffer, text: string): boolean {
  const [version, iv, tag, body] = text.split(':');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return false;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    decipher.update(Buffer.from(body, 'base64'));
    decipher.final();
    return true;
  } catch {
    return false;
  }
}

/** D10: the first 4 characters, then one `*` per remaining character; under 12 characters, all asterisks. */
export function maskSecret(secret: string): string {
  if (secret.length < 12) return '*'.repeat(secret.length);
  return secret.slice(0, 4) + '*'.repeat(secret.length - 4);
}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt:${salt.toString('base64')}:${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, SCRYPT);
  return timingSafeEqual(actual, expected);
}
