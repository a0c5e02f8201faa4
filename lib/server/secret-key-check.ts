// One SECRET_KEY for every server on a database (D13, decision 044). Provider keys are encrypted
// under it and device cookies signed with a key derived from it, so two instances with different
// keys break each other's data quietly (a trusted browser refused with 429 on the other instance).
// The first start stores a fingerprint of the key in the database: an HMAC-SHA256 of a constant
// under the key, which tells keys apart and gives nothing of the key away. Every later start
// compares, and a different key stops the start with a message naming SECRET_KEY.
import { createHmac } from 'node:crypto';
import { decryptsUnder, encryptionKey } from './crypto';
import { db } from './db';
import { prismaErrorCode } from './prisma-errors';

const SETTING = 'secret-key-fingerprint';

/** The fingerprint of `key`: never the key, never reversible to it. */
export const secretKeyFingerprint = (key: Buffer): string => createHmac('sha256', key).update('aoc secret key fingerprint v1').digest('hex');

const MISMATCH =
  'SECRET_KEY is not the key this database was first started with: every server on one database needs the same SECRET_KEY ' +
  '(else encrypted provider keys and trusted-browser cookies break). Start this server with the SECRET_KEY of the others ' +
  '(or, without SECRET_KEY, the secret.key file of the data directory the database was set up with).';

/**
 * Checks this process's key against the stored fingerprint; stores it when there is none yet (a
 * database set up before this check: then a provider key already stored must decrypt under this
 * key, else the start is refused all the same). Throws the message above on a mismatch.
 */
export async function checkSecretKey(): Promise<void> {
  const key = encryptionKey();
  const fingerprint = secretKeyFingerprint(key);
  const stored = await db().instanceSetting.findUnique({ where: { key: SETTING } });
  if (stored) {
    if (stored.value !== fingerprint) throw new Error(MISMATCH);
    return;
  }
  const sample = await db().aiModel.findFirst({ where: { apikeyEncrypted: { not: null } }, select: { apikeyEncrypted: true } });
  if (sample?.apikeyEncrypted && !decryptsUnder(key, sample.apikeyEncrypted)) throw new Error(MISMATCH);
  try {
    await db().instanceSetting.create({ data: { key: SETTING, value: fingerprint } });
  } catch (error) {
    // Two first starts at once: the other one stored its fingerprint first; compare with it.
    if (prismaErrorCode(error) !== 'P2002') throw error;
    const first = await db().instanceSetting.findUniqueOrThrow({ where: { key: SETTING } });
    if (first.value !== fingerprint) throw new Error(MISMATCH);
  }
}
