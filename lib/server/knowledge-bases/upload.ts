// Receiving one file from a multipart/form-data request, streamed to the file store as it
// arrives (never buffered whole): 415 when the body is not multipart, 413 beyond the limit,
// 400 for a broken body or a missing field. `uploadHeaders` checks what the headers alone tell,
// so that the caller can refuse an upload (404...) before reading a byte of its body (server.ts
// closes the connection of such an answer to a chunked body; Node drains one with a length).
//
// The body is read as fast as it arrives while the staging file writes behind it (bounded by the
// staging file's buffer): an upload takes a few turns of the event loop per MiB, not one or more
// per network chunk, so a busy server does not stretch it to seconds. The multipart parser does
// one native search per chunk and copies a chunk only when a delimiter may straddle two chunks.
import { ApiError, invalidField } from '../../errors';
import type { StagedFile } from '../files';

/** Room for the multipart framing (boundaries, part headers, small fields) beyond the file's own limit. */
const FRAMING_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PADDING_BYTES = 1024;

export type ReceivedFile = { staged: StagedFile; filename: string | null };

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The multipart boundary of a Content-Type: 415 unless multipart/form-data, 400 without a boundary. */
function boundaryOf(contentType: string | null): string {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiError('unsupported_media', 'Content-Type must be multipart/form-data with the file in the field "file"');
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType ?? '');
  if (!match) throw new ApiError('malformed', 'multipart/form-data without a boundary');
  return match[1] ?? match[2];
}

function param(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/** The `name` and `filename` of a part, from its Content-Disposition header. */
function disposition(headerBlock: string): { name: string | null; filename: string | null } {
  const line = headerBlock.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (!line) return { name: null, filename: null };
  const value = line.slice(line.indexOf(':') + 1);
  let filename = param(value, 'filename');
  const extended = param(value, 'filename\\*');
  if (extended) {
    const encoded = /^utf-8''(.*)$/i.exec(extended);
    try {
      if (encoded) filename = decodeURIComponent(encoded[1]);
    } catch {
      /* keep the plain filename */
    }
  }
  // Some clients send a full path: keep only the last segment.
  const base = filename?.split(/[\\/]/).pop()?.trim() ?? '';
  return { name: param(value, 'name'), filename: base === '' ? null : base.slice(0, 255) };
}

/**
 * What an upload's headers alone decide, before any byte of the body is read: 415 unless
 * multipart/form-data, 400 without a boundary, 413 when the declared length is beyond `limit`.
 * Answers the multipart boundary for `receiveFile`.
 */
export function uploadHeaders(req: Request, limit: number): { boundary: string } {
  const boundary = boundaryOf(req.headers.get('content-type'));
  if (Number(req.headers.get('content-length')) > limit + FRAMING_BYTES) throw tooLarge(limit);
  return { boundary };
}

const tooLarge = (limit: number) => new ApiError('too_large', `The file exceeds ${limit} bytes`);

const asBuffer = (chunk: Uint8Array): Buffer => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Streams the field `field` of a multipart request (checked by `uploadHeaders`) into the file
 * store: `stage` opens the stored file once the part's headers told its file name (the stored
 * name keeps its extension). The caller keeps or discards the staged file.
 */
export async function receiveFile(req: Request, boundary: string, stage: (filename: string | null) => Promise<StagedFile>, field: string, limit: number): Promise<ReceivedFile> {
  if (!req.body) throw invalidField(field, 'is required (multipart/form-data field "file")');

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = req.body.getReader();
  let staged: StagedFile | null = null;
  let filename: string | null = null;
  /** Whether the part `field` came (only its first occurrence is the file). */
  let fileSeen = false;
  let inFilePart = false;
  let otherBytes = 0;
  // Bytes not handled yet: the start of a delimiter or of part headers cut by a chunk's end. The
  // body starts with a delimiter that has no leading CRLF: prepend one.
  let carry: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'epilogue';
  /** A write the staging file asked to wait for (backpressure). */
  let pending: Promise<void> | undefined;
  /** The file part began: `step` stopped at its first byte until the file is staged. */
  let stageNeeded = false;

  /** Bytes of the file go to the staging file; any other bytes (preamble, other fields, epilogue) only count. */
  const consume = (data: Buffer) => {
    if (!data.length) return;
    if (inFilePart && staged) {
      if (staged.size + data.length > limit) throw tooLarge(limit);
      pending = staged.write(data) ?? pending;
    } else if ((otherBytes += data.length) > FRAMING_BYTES) {
      throw tooLarge(limit);
    }
  };

  /** Handles `buf`; answers what must wait for more input. Synchronous: no await per chunk. */
  const step = (buf: Buffer): Buffer => {
    for (;;) {
      if (state === 'epilogue') {
        consume(buf);
        return Buffer.alloc(0);
      }
      if (state === 'headers') {
        const end = buf.indexOf(HEADERS_END);
        if (end === -1) {
          if (buf.length > MAX_HEADER_BYTES) throw new ApiError('malformed', 'multipart part headers are too long');
          return buf;
        }
        const part = disposition(buf.subarray(CRLF.length, end).toString('utf8'));
        buf = buf.subarray(end + HEADERS_END.length);
        inFilePart = part.name === field && !fileSeen;
        state = 'body';
        if (inFilePart) {
          fileSeen = true;
          filename = part.filename;
          stageNeeded = true;
          return buf;
        }
        continue;
      }
      // preamble or body: look for the next delimiter.
      const at = buf.indexOf(delimiter);
      if (at === -1) {
        // A delimiter cut by the chunk's end starts with CR within its last bytes: keep from the
        // first such CR on (usually nothing, so the next chunk needs no copy).
        const cr = buf.indexOf(0x0d, Math.max(0, buf.length - delimiter.length + 1));
        const handled = cr === -1 ? buf.length : cr;
        consume(buf.subarray(0, handled));
        return buf.subarray(handled);
      }
      consume(buf.subarray(0, at));
      // After the delimiter: optional padding, then "--" (the end) or CRLF (the next part's headers).
      let next = at + delimiter.length;
      while (next < buf.length && (buf[next] === 0x20 || buf[next] === 0x09)) next++;
      if (buf.length < next + 2) {
        // Padding after a delimiter is a few blanks at most: refuse rather than hold it all.
        if (next - at > delimiter.length + MAX_PADDING_BYTES) throw new ApiError('malformed', 'multipart body is malformed');
        return buf.subarray(at);
      }
      const marker = buf.subarray(next, next + 2).toString('latin1');
      inFilePart = false;
      if (marker === '--') {
        state = 'epilogue';
        buf = buf.subarray(next + 2);
      } else if (marker === '\r\n') {
        buf = buf.subarray(next);
        state = 'headers';
      } else {
        throw new ApiError('malformed', 'multipart body is malformed');
      }
    }
  };

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw new ApiError('malformed', 'the upload was interrupted');
      }
      if (chunk.done) break;
      const data = asBuffer(chunk.value);
      carry = step(carry.length ? Buffer.concat([carry, data]) : data);
      if (stageNeeded) {
        stageNeeded = false;
        staged = await stage(filename);
        carry = step(carry);
      }
      if (pending) {
        const wait = pending;
        pending = undefined;
        await wait;
      }
    }
    if (state !== 'epilogue') throw new ApiError('malformed', 'multipart body is incomplete (no closing boundary)');
    if (!staged || (filename === null && staged.size === 0)) throw invalidField(field, 'is required (multipart/form-data field "file")');
    return { staged, filename };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await (staged as StagedFile | null)?.discard();
    throw error;
  }
}
