// FILE_STORE parsing (lib/server/files/location.ts) and the download's Content-Disposition (lib/api/download.ts).
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '@/lib/api/download';
import { describeLocation, parseFileStoreUrl } from '@/lib/server/files/location';

describe('parseFileStoreUrl', () => {
  it('nothing (or blanks) is the local disk', () => {
    expect(parseFileStoreUrl(undefined)).toEqual({ kind: 'local' });
    expect(parseFileStoreUrl('')).toEqual({ kind: 'local' });
    expect(parseFileStoreUrl('  ')).toEqual({ kind: 'local' });
  });

  it.each([
    ['s3://bucket', 'bucket', ''],
    ['s3://my-bucket/', 'my-bucket', ''],
    ['s3://my.bucket.1/files', 'my.bucket.1', 'files'],
    ['s3://b12/a/b/c/', 'b12', 'a/b/c'],
    ['s3://bucket//double//slashes', 'bucket', 'double/slashes'],
    ['S3://bucket/Prefix-1', 'bucket', 'Prefix-1'],
  ])('%s is bucket %s, prefix %j', (url, bucket, prefix) => {
    expect(parseFileStoreUrl(url)).toEqual({ kind: 's3', bucket, prefix });
    expect(describeLocation(parseFileStoreUrl(url))).toBe(`s3://${bucket}${prefix ? `/${prefix}` : ''}`);
  });

  it.each([
    ['/var/files', /is not an s3:\/\/ address/],
    ['file:///var/files', /is not an s3:\/\/ address/],
    ['https://bucket.s3.amazonaws.com/x', /is not an s3:\/\/ address/],
    ['s3:/bucket', /is not a valid s3:\/\/ address/],
    ['s3://', /invalid bucket ""/],
    ['s3://ab', /invalid bucket "ab"/],
    ['s3://Bucket', /invalid bucket "Bucket"/],
    ['s3://bucket_name', /invalid bucket/],
    ['s3://-bucket', /invalid bucket/],
    ['s3://bu..cket', /invalid bucket/],
    [`s3://${'b'.repeat(64)}`, /invalid bucket/],
    ['s3://bucket/a/../b', /invalid prefix segment "\.\."/],
    ['s3://bucket/a b', /invalid prefix segment "a b"/],
    ['s3://bucket/a\\b', /invalid prefix segment/],
    ['s3://bucket/x?versionId=1', /is not a valid s3:\/\/ address/],
    ['s3://bucket/x#frag', /is not a valid s3:\/\/ address/],
  ])('refuses %j, naming the problem', (url, message) => {
    expect(() => parseFileStoreUrl(url)).toThrow(message);
    expect(() => parseFileStoreUrl(url)).toThrow(/^FILE_STORE=/);
  });
});

describe('contentDisposition', () => {
  it('a plain ASCII name is quoted as is', () => {
    expect(contentDisposition('manual v2.pdf')).toBe('attachment; filename="manual v2.pdf"');
  });

  it('any other name gets an ASCII fallback and its exact UTF-8 form (RFC 5987)', () => {
    expect(contentDisposition('Prüfbericht €.pdf')).toBe(`attachment; filename="Pr_fbericht _.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%E2%82%AC.pdf`);
    expect(contentDisposition('a "quoted" \\ name\'s (1)*.txt')).toBe(
      `attachment; filename="a _quoted_ _ name's (1)*.txt"; filename*=UTF-8''a%20%22quoted%22%20%5C%20name%27s%20%281%29%2A.txt`,
    );
    expect(contentDisposition('100%.txt')).toBe(`attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`);
    expect(contentDisposition('line\r\nbreak.txt')).toBe(`attachment; filename="line__break.txt"; filename*=UTF-8''line%0D%0Abreak.txt`);
  });
});
