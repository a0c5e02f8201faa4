// The S3 file store (FILE_STORE=s3://bucket/prefix, D13): any S3-compatible store through
// @aws-sdk/client-s3. A file is the object `<prefix>/<companyId>/<storedName>`. An upload streams
// into lib-storage's Upload (one 5 MiB part at a time: a single PUT below that size, a multipart
// upload above), fed by the request body with backpressure; the object exists only once the
// upload completes, and an upload that fails or is dropped is aborted (no object, no parts kept).
//
// Settings are the SDK's own (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE,
// ...) plus S3_ENDPOINT (another store's address) and S3_FORCE_PATH_STYLE=1 (bucket in the path,
// as MinIO, Garage and most non-AWS stores want). Decision 043.
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import { assertCompanyId, assertStoredName, isStoredName, SAFE_COMPANY_ID, type FileStore, type StoredEntry } from './types';
import { stagedFile, streamWriter, UPLOAD_BUFFER_BYTES } from './writer';

/** S3's smallest part (but the last): the most an upload holds in memory is about one part. */
const PART_BYTES = 5 * 1024 * 1024;

/** The client, from the environment (see the header). */
export function s3ClientFromEnv(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const config: S3ClientConfig = {
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
  // A region is required by the signer; non-AWS stores mostly ignore it. Without one here, the
  // SDK's own chain (a profile's region) answers.
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined);
  if (region) config.region = region;
  // Keys from `env` when it has them; otherwise the SDK's chain (profile, SSO, instance role...).
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    config.credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined };
  }
  // Another store: send checksums only where S3 requires them (the SDK's default, a CRC32 trailer
  // in an aws-chunked body, is not understood by many S3-compatible stores). The SDK's own
  // AWS_REQUEST_CHECKSUM_CALCULATION / AWS_RESPONSE_CHECKSUM_VALIDATION still win.
  if (endpoint) {
    if (!env.AWS_REQUEST_CHECKSUM_CALCULATION) config.requestChecksumCalculation = 'WHEN_REQUIRED';
    if (!env.AWS_RESPONSE_CHECKSUM_VALIDATION) config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  return new S3Client(config);
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3FileStore(client: S3Client, bucket: string, prefix: string): FileStore {
  const base = prefix ? `${prefix}/` : '';
  const keyOf = (companyId: string, storedName: string) => {
    assertCompanyId(companyId);
    assertStoredName(storedName);
    return `${base}${companyId}/${storedName}`;
  };
  const removeKey = (Key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).then(() => undefined);

  return {
    description: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,

    async stage(companyId, storedName, contentType) {
      const Key = keyOf(companyId, storedName);
      const body = new PassThrough({ highWaterMark: UPLOAD_BUFFER_BYTES });
      const writer = streamWriter(body);
      // queueSize 1: one part at a time, read from the body only while the store takes it.
      const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: body, ContentType: contentType }, partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false });
      const done = upload.done().then(
        () => undefined,
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          writer.fail(failure);
          // Stops the writes waiting for room (they reject with the failure).
          body.destroy(failure);
          throw failure;
        },
      );
      done.catch(() => undefined); // awaited by keep or discard
      return stagedFile(storedName, writer, {
        async keep() {
          if (!writer.failure) body.end();
          await done;
        },
        async discard() {
          // An error (not an end) makes the upload abort: a multipart upload is aborted, a single
          // PUT is never sent. Then the key goes, in case the upload had completed.
          body.destroy(new Error('upload discarded'));
          await done.catch(() => undefined);
          await removeKey(Key);
        },
      });
    },

    async read(companyId, storedName) {
      if (!isStoredName(storedName)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(companyId, storedName) }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async remove(companyId, storedName) {
      if (!isStoredName(storedName)) return;
      await removeKey(keyOf(companyId, storedName));
    },

    async *list(): AsyncIterable<StoredEntry> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const rest = (object.Key ?? '').slice(base.length).split('/');
          if (rest.length !== 2 || !SAFE_COMPANY_ID.test(rest[0]) || !isStoredName(rest[1])) continue;
          yield { companyId: rest[0], storedName: rest[1], size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeUnfinished(before) {
      // Multipart uploads a crash left open: their parts cost storage until aborted. (A bucket
      // lifecycle rule "AbortIncompleteMultipartUpload" does the same; some stores, s3rver among
      // them, do not list multipart uploads: then there is nothing this can do.)
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        do {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: base, KeyMarker, UploadIdMarker }));
          for (const open of page.Uploads ?? []) {
            if (!open.Key || !open.UploadId || (open.Initiated && open.Initiated >= before)) continue;
            await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: open.Key, UploadId: open.UploadId }));
            removed++;
          }
          [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
        } while (KeyMarker);
      } catch (error) {
        const code = (error as { name?: string; $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (code !== 501 && (error as { name?: string }).name !== 'NotImplemented') throw error;
      }
      return removed;
    },
  };
}

