// Receiving one file from a multipart/form-data request, streamed to the file store as it
// arrives (never buffered whole): 415 when the body is not multipart, 413 beyond the limit,
// 400 for a broken body or a missing field.
import { ApiError, invalidField } from '../../api/errors';
import { stageFile, type StagedFile } from '../files';

/** Room for the multipart framing (boundaries, part headers, small fields) beyond the file's own limit. */
const FRAMING_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

export type ReceivedFile = { staged: StagedFile; filename: string | null };

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

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
 * Streams the field `field` of a multipart request into a staging file of the company's folder.
 * The caller keeps or discards the staged file.
 */
export async function receiveFile(req: Request, companyId: string, field: string, limit: number): Promise<ReceivedFile> {
  const tooLarge = () => new ApiError('too_large', `The file exceeds ${limit} bytes`);
  // An error answered before a chunked body is read to its end closes the connection (server.ts).
  const boundary = boundaryOf(req.headers.get('content-type'));
  if (Number(req.headers.get('content-length')) > limit + FRAMING_BYTES) throw tooLarge();
  if (!req.body) throw invalidField(field, 'is required (multipart/form-data field "file")');

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = req.body.getReader();
  let staged: StagedFile | null = null;
  let filename: string | null = null;
  let inFilePart = false;
  let otherBytes = 0;
  // The body starts with a delimiter that has no leading CRLF: prepend one.
  let buf: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'epilogue';

  /** Bytes of the file go to the staging file; any other bytes (preamble, other fields, epilogue) only count. */
  const consume = async (data: Buffer) => {
    if (!data.length) return;
    if (inFilePart && staged) {
      if (staged.size + data.length > limit) throw tooLarge();
      await staged.write(data);
    } else if ((otherBytes += data.length) > FRAMING_BYTES) {
      throw tooLarge();
    }
  };

  /** Handles what `buf` holds; returns when more input is needed. */
  const step = async () => {
    for (;;) {
      if (state === 'epilogue') {
        await consume(buf);
        buf = Buffer.alloc(0);
        return;
      }
      if (state === 'headers') {
        const end = buf.indexOf(HEADERS_END);
        if (end === -1) {
          if (buf.length > MAX_HEADER_BYTES) throw new ApiError('malformed', 'multipart part headers are too long');
          return;
        }
        const part = disposition(buf.subarray(CRLF.length, end).toString('utf8'));
        buf = buf.subarray(end + HEADERS_END.length);
        inFilePart = part.name === field && !staged;
        if (inFilePart) {
          staged = await stageFile(companyId);
          filename = part.filename;
        }
        state = 'body';
        continue;
      }
      // preamble or body: look for the next delimiter.
      const at = buf.indexOf(delimiter);
      if (at === -1) {
        const keep = Math.min(buf.length, delimiter.length + 1);
        await consume(buf.subarray(0, buf.length - keep));
        buf = buf.subarray(buf.length - keep);
        return;
      }
      await consume(buf.subarray(0, at));
      // After the delimiter: optional padding, then "--" (the end) or CRLF (the next part's headers).
      let next = at + delimiter.length;
      while (next < buf.length && (buf[next] === 0x20 || buf[next] === 0x09)) next++;
      if (buf.length < next + 2) {
        buf = buf.subarray(at);
        return;
      }
      const marker = buf.subarray(next, next + 2).toString('latin1');
      inFilePart = false;
      if (marker === '--') {
        state = 'epilogue';
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
      buf = buf.length ? Buffer.concat([buf, chunk.value]) : Buffer.from(chunk.value);
      await step();
    }
    if (state !== 'epilogue') throw new ApiError('malformed', 'multipart body is incomplete (no closing boundary)');
    const received = staged as StagedFile | null;
    if (!received || (filename === null && received.size === 0)) throw invalidField(field, 'is required (multipart/form-data field "file")');
    return { staged: received, filename };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await (staged as StagedFile | null)?.discard();
    throw error;
  }
}
