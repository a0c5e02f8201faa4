// What the file store holds, read by the tests straight from the store the server writes to: the
// local disk (FILES_DIR, else DATA_DIR/files), or the S3 bucket of FILE_STORE (global-setup.ts sets
// both for TEST_FILE_STORE=s3) through a plain S3 client, not the server's own code.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The key prefix of the API tests' bucket (global-setup.ts). */
export const FILE_STORE_PREFIX = 'api-tests';

let client: S3Client | undefined;

/** The bucket and prefix of FILE_STORE, or null for the local disk. */
function s3Location(): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(process.env.FILE_STORE ?? '');
  return match ? { bucket: match[1], prefix: match[2].replace(/\/$/, '') } : null;
}

export const usesS3 = (): boolean => s3Location() !== null;

function s3(): S3Client {
  return (client ??= new S3Client({
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    region: process.env.AWS_REGION ?? 'us-east-1',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
}

const localDir = (companyId: string) => path.join(process.env.FILES_DIR || path.join(process.env.DATA_DIR ?? '', 'files'), companyId);

/** Every name in the company's folder (or under its key prefix), sorted: stored files and any leftovers. */
export async function storedNames(companyId: string): Promise<string[]> {
  const where = s3Location();
  if (!where) return existsSync(localDir(companyId)) ? readdirSync(localDir(companyId)).sort() : [];
  const Prefix = `${where.prefix}/${companyId}/`;
  const names: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: where.bucket, Prefix, ContinuationToken }));
    names.push(...(page.Contents ?? []).map((o) => (o.Key ?? '').slice(Prefix.length)));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return names.sort();
}

/** The bytes of a stored file, or null when the store has no such file. */
export async function storedBytes(companyId: string, storedName: string): Promise<Buffer | null> {
  const where = s3Location();
  if (!where) {
    const file = path.join(localDir(companyId), storedName);
    return existsSync(file) ? readFileSync(file) : null;
  }
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: where.bucket, Key: `${where.prefix}/${companyId}/${storedName}` }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

export const storedExists = async (companyId: string, storedName: string): Promise<boolean> => (await storedBytes(companyId, storedName)) !== null;

/** Puts an object under `<prefix>/<key>` of the S3 store (global-setup's crash leftovers). */
export async function putObject(key: string, text: string): Promise<void> {
  const where = s3Location();
  if (!where) throw new Error('putObject needs FILE_STORE=s3://…');
  await s3().send(new PutObjectCommand({ Bucket: where.bucket, Key: `${where.prefix}/${key}`, Body: text }));
}
