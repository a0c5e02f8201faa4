// The format of the API keys made since D11 (decision 082), so that a secret scanner can recognise
// one offline: `aok_` + 32 random base62 characters + 6 base62 characters of the CRC32 of those
// 32. Pure and dependency-free: the server makes keys with it, tests and scanners check them.
// Keys made before D11 (`aok_` + 43 base64url characters, no checksum) stay valid; they simply
// do not pass `isApiKey`.

export const API_KEY_PREFIX = 'aok_';
const API_KEY_RANDOM_LENGTH = 32;
const API_KEY_CHECKSUM_LENGTH = 6;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** What a scanner searches for; `isApiKey` then checks the checksum of each match. */
export const API_KEY_PATTERN = /\baok_[0-9A-Za-z]{38}\b/g;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zlib's) of an ASCII string. */
export function crc32(ascii: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < ascii.length; i++) crc = CRC_TABLE[(crc ^ ascii.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 32-bit number as 6 base62 digits, most significant first (62^6 > 2^32). */
function base62Checksum(value: number): string {
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A key from 32 random base62 characters: prefix, the characters, their checksum. */
export function apiKeyFrom(random: string): string {
  return API_KEY_PREFIX + random + base62Checksum(crc32(random));
}

const SHAPE = /^aok_[0-9A-Za-z]{38}$/;

/** Whether `value` has this format's shape (prefix, length, alphabet), right checksum or not. */
export const hasApiKeyShape = (value: string): boolean => SHAPE.test(value);

/** Whether `value` is a key of this format with a right checksum (a typo or a made-up string fails). */
export function isApiKey(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const random = value.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return value.slice(-API_KEY_CHECKSUM_LENGTH) === base62Checksum(crc32(random));
}

/** 32 base62 characters from a source of random bytes (rejection sampling: every character equally likely). */
export function base62Random(randomBytes: (n: number) => Uint8Array, length = API_KEY_RANDOM_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]; // 248 = 4 × 62
    }
  }
  return out;
}
