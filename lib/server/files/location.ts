// Where knowledge-base files live (D13): FILE_STORE unset or empty keeps them on the local disk
// (FILES_DIR, else DATA_DIR/files); `s3://bucket/prefix` puts them in an S3-compatible store.
// Pure parsing, no SDK: the unit tests and the `files` command read it too.

export type FileStoreLocation = { kind: 'local' } | { kind: 's3'; bucket: string; prefix: string };

/** S3's bucket naming rules (3–63 characters: lower-case letters, digits, dots, hyphens; a letter or digit at each end). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix: path segments of visible ASCII without backslashes, no empty, `.` or `..` segment. */
const SEGMENT = /^[A-Za-z0-9!_.*'()@=+,;:$&-]{1,200}$/;

const invalid = (setting: string, value: string, why: string) => new Error(`${setting}=${JSON.stringify(value)} ${why}; expected s3://bucket or s3://bucket/prefix`);

/** Parses a FILE_STORE value; throws an Error naming the setting (`setting`) and the problem. */
export function parseFileStoreUrl(value: string | undefined, setting = 'FILE_STORE'): FileStoreLocation {
  const text = (value ?? '').trim();
  if (text === '') return { kind: 'local' };
  const match = /^s3:\/\/([^/?#]*)(\/[^?#]*)?$/i.exec(text);
  if (!match) throw invalid(setting, text, /^s3:/i.test(text) ? 'is not a valid s3:// address' : 'is not an s3:// address');
  const bucket = match[1];
  if (!BUCKET.test(bucket) || bucket.includes('..')) throw invalid(setting, text, `names an invalid bucket ${JSON.stringify(bucket)}`);
  const segments = (match[2] ?? '').split('/').filter((s) => s !== '');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') throw invalid(setting, text, `has an invalid prefix segment ${JSON.stringify(segment)}`);
  }
  return { kind: 's3', bucket, prefix: segments.join('/') };
}

/** The address back as text (for messages): `s3://bucket/prefix` or `local disk`. */
export function describeLocation(location: FileStoreLocation): string {
  return location.kind === 'local' ? 'local disk' : `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
}
