// Reading request bodies: content type (415), size (413), JSON syntax (400). GET bodies come
// from the custom server (see lib/server/request-context.ts).
import 'server-only';
import { MAX_BODY_BYTES } from '../server/config';
import { requestContext } from '../server/request-context';
import { ApiError, invalidField } from '../errors';

const tooLarge = () => new ApiError('too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`);

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Reads at most `limit` bytes of a request stream; throws 413 beyond it. */
export async function readCapped(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((): never => {
      // The client went away (or broke the stream) mid-body: its error, not ours.
      throw new ApiError('malformed', 'Request body was not received in full');
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Deeper than any body the API takes (a squad is 5 levels); anything deeper is refused before a rule walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Checks a parsed body without recursion (a body nested thousands of levels deep must not
 * overflow the stack): nesting beyond MAX_JSON_DEPTH is a 400, and so is a string (value or key)
 * holding a NUL character, which no database column takes.
 */
function checkParsed(root: unknown): void {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw invalidField(path.join('.') || '(body)', 'must not contain NUL (\\u0000) characters');
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      throw invalidField(path[0] ?? '(body)', `is nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      if (key.includes('\u0000')) throw invalidField([...path, key].join('.'), 'must not contain NUL (\\u0000) characters');
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('malformed', 'Request body is not valid JSON');
  }
  checkParsed(value);
  return value;
}

/**
 * The JSON body of a request, or undefined when there is none. A body that is present must be
 * declared as application/json. GET bodies are read by the custom server.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const body = requestContext.getStore()?.getBody ?? { kind: 'none' };
    if (body.kind === 'too_large') throw tooLarge();
    if (body.kind === 'none' || body.text.trim() === '') return undefined;
    if (!isJsonContentType(body.contentType)) throw new ApiError('unsupported_media', 'Content-Type must be application/json');
    return parseJson(body.text);
  }
  const contentType = req.headers.get('content-type');
  // A declared non-JSON body is refused before it is read (415 comes before 413).
  if (contentType && !isJsonContentType(contentType) && req.headers.get('content-length') !== '0') {
    throw new ApiError('unsupported_media', 'Content-Type must be application/json');
  }
  const text = (await readCapped(req, MAX_BODY_BYTES)).toString('utf8');
  if (text.trim() === '') return undefined;
  if (!isJsonContentType(contentType)) throw new ApiError('unsupported_media', 'Content-Type must be application/json');
  return parseJson(text);
}
