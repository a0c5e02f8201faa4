// The console's page-type loader tables are written from the client registry (decision 104): a
// kind's pages are declared once, in lib/client/kinds.ts, and the tables follow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { KindPages } from '@/lib/client/kinds';
import { KINDS, type KindKey } from '@/lib/kinds';
import { declaredPages, kindPageFiles } from '../../scripts/lib/kind-pages';

const root = process.cwd();

describe('kind pages', () => {
  it('declares the five pages of every kind of the registry, and of no other', () => {
    expectTypeOf<keyof KindPages>().toEqualTypeOf<KindKey>();
    const declared = declaredPages(root);
    expect([...declared.keys()].sort()).toEqual(KINDS.map((k) => k.key).sort());
    for (const [kind, pages] of declared) expect([...pages.keys()].sort(), kind).toEqual(['detail', 'edit', 'history', 'list', 'new']);
  });

  it('has its loader tables as scripts/kind-pages.ts writes them (run it after changing KindPages)', () => {
    const files = kindPageFiles(root);
    expect(files.size).toBe(4);
    for (const [file, content] of files) expect(readFileSync(path.join(root, file), 'utf8'), file).toBe(content);
  });
});
