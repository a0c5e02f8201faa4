// A stored file answered as a download: its bytes streamed (never read whole), its type, and the
// name it was uploaded under in Content-Disposition (RFC 6266, with RFC 5987's `filename*` for
// any name that is not plain ASCII). No Content-Length: Next.js drops it from a route handler's
// answer and streams it chunked (the record's `fileSize` tells the size).
import { Readable } from 'node:stream';

/** RFC 5987 value-chars: everything else is percent-encoded (UTF-8). */
const encodeRfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the quoted name is an ASCII fallback (other
 * characters, quotes, backslashes and controls become `_`); `filename*` carries the exact name.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const plain = `attachment; filename="${fallback}"`;
  return fallback === filename ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

export function fileResponse(file: { body: Readable; filename: string; contentType: string }): Response {
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
