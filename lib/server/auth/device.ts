// Device cookies (OWASP, "slow down online guessing attacks with device cookies"; decision 009).
// A successful password sign-in gives the browser a token signed for that account. A sign-in
// to the same account that presents it is told apart from an attacker's: it is exempt from the
// address and account limits and has a counter of its own, so an attacker who fills an address
// or an account cannot lock out a person who signed in from this browser before.
// Token: `<nonce>.<issued, base36 seconds>.<HMAC-SHA256(account | nonce | issued)>`. It names no
// account: it is only checked against the account being signed in to.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { encryptionKey, sha256 } from '../crypto';

export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

let cachedKey: Buffer | undefined;
/** A key of its own, derived from the secret key (never the encryption key itself). */
const signingKey = (): Buffer => (cachedKey ??= createHmac('sha256', encryptionKey()).update('aoc device cookie v1').digest());

const sign = (account: string, nonce: string, issued: string): string =>
  createHmac('sha256', signingKey()).update(`${account}|${nonce}|${issued}`).digest('base64url');

/** The counter key of an account: a hash of the (trimmed, lower-case) email; unknown emails have one too. */
export const accountKey = (email: string): string => sha256(`account:${email.trim().toLowerCase()}`);

/** A new device token for `account` (an accountKey). */
export function newDeviceToken(account: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now / 1000).toString(36);
  return `${nonce}.${issued}.${sign(account, nonce, issued)}`;
}

/** The device's id (its nonce) when `token` was issued for `account` and has not expired, else null. */
export function trustedDevice(token: string | null | undefined, account: string, now = Date.now()): string | null {
  if (!token || token.length > 200) return null;
  const [nonce, issued, signature, ...rest] = token.split('.');
  if (rest.length || !nonce || !issued || !signature || !/^[0-9a-z]{1,12}$/.test(issued)) return null;
  const age = now / 1000 - parseInt(issued, 36);
  if (!(age >= -300 && age <= DEVICE_TTL_SECONDS)) return null;
  const expected = Buffer.from(sign(account, nonce, issued));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}
