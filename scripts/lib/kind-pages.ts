// The page types' loader tables (components/console/kind-pages/), written from the client
// registry's `KindPages` (lib/client/kinds.ts, decision 104): one module per page type, so that a
// page's first load holds its own page type's loaders only, while a new kind declares its pages in
// one place. scripts/kind-pages.ts writes them; tests/unit/kind-pages.test.ts checks they are current.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REGISTRY = 'lib/client/kinds.ts';
const KIND_PAGES_DIR = 'components/console/kind-pages';

/**
 * The modules and the page types each holds, with the component of each page type. The new and
 * edit pages share one (a kind's new and edit pages are one component file's, whose loader the two
 * tables share).
 */
const MODULES = [
  ['list', 'list page', [['list', 'KindList']]],
  ['detail', 'record page', [['detail', 'KindDetail']]],
  ['form', 'new and edit pages', [['new', 'KindNew'], ['edit', 'KindEdit']]],
  ['history', 'history page', [['history', 'KindHistory']]],
] as const;

const text = (node: ts.Node | undefined): string | null => (node && ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : null);
const nameOf = (name: ts.PropertyName) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText());

/** `KindPages` as declared: kind → page type → `dir/File#Export`, in the registry's order. */
export function declaredPages(root: string): Map<string, Map<string, string>> {
  const source = ts.createSourceFile(REGISTRY, readFileSync(path.join(root, REGISTRY), 'utf8'), ts.ScriptTarget.Latest, true);
  const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'KindPages');
  // `Declared<{ … }>` (the completeness check) or the bare type literal.
  const literal = alias && (ts.isTypeReferenceNode(alias.type) ? alias.type.typeArguments?.[0] : alias.type);
  if (!literal || !ts.isTypeLiteralNode(literal)) throw new Error(`${REGISTRY}: no \`type KindPages = Declared<{ … }>\``);
  const kinds = new Map<string, Map<string, string>>();
  for (const member of literal.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeLiteralNode(member.type)) throw new Error(`${REGISTRY}: KindPages: ${member.getText()} is not \`kind: { list: '…'; … }\``);
    const pages = new Map<string, string>();
    for (const page of member.type.members) {
      const value = ts.isPropertySignature(page) ? text(page.type) : null;
      if (!page.name || value === null) throw new Error(`${REGISTRY}: KindPages: ${page.getText()} is not \`page: 'dir/File#Export'\``);
      pages.set(nameOf(page.name), value);
    }
    kinds.set(nameOf(member.name), pages);
  }
  return kinds;
}

const key = (kind: string) => (/^[A-Za-z_$][\w$]*$/.test(kind) ? kind : `'${kind}'`);

/** The modules to write: path (from the root) → content. */
export function kindPageFiles(root: string): Map<string, string> {
  const kinds = declaredPages(root);
  const files = new Map<string, string>();
  for (const [module, what, pageTypes] of MODULES) {
    const tables = pageTypes.flatMap(([page, component]) => [
      '',
      `export const ${component} = kindView('${page}', {`,
      ...[...kinds].map(([kind, pages]) => {
        const spec = pages.get(page);
        if (!spec) throw new Error(`${REGISTRY}: KindPages: ${kind} has no ${page} page`);
        const [file, name = path.basename(file)] = spec.split('#');
        return `  ${key(kind)}: () => import('@/components/${file}').then((m) => m.${name}),`;
      }),
      `} satisfies Record<KindKey, KindPageLoader>);`,
    ]);
    files.set(
      `${KIND_PAGES_DIR}/${module}.tsx`,
      [
        `'use client';`,
        `// Each kind's ${what} (../KindView.tsx, decision 104), imported by its page files only.`,
        `// Written by \`npx tsx scripts/kind-pages.ts\` from lib/client/kinds.ts (KindPages): do not edit.`,
        `import type { KindKey } from '@/lib/kinds';`,
        `import { kindView, type KindPageLoader } from '../KindView';`,
        ...tables,
        ``,
      ].join('\n'),
    );
  }
  return files;
}
