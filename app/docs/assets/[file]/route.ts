// GET /docs/assets/<file> — the Swagger UI files of the /docs page, served from the installed
// swagger-ui-dist package (no CDN: the console works offline). Only the files listed here; read
// once per process and kept in memory.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

const cache = new Map<string, Promise<Buffer>>();

function load(file: string): Promise<Buffer> {
  let content = cache.get(file);
  if (!content) {
    content = readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', file));
    content.catch(() => cache.delete(file));
    cache.set(file, content);
  }
  return content;
}

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await ctx.params;
  const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
  if (!type) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const body = await load(file);
  return new Response(new Uint8Array(body), { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } });
}
