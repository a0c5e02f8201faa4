// The registry of resource kinds, client-safe half (decision 030): each of the five kinds is
// declared here once — URL segment, labels, navigation and palette entries, version and usage
// behaviour, bundle mapping and the role each verb needs — and every other place reads it
// (navigation, palette, usage, versions, bundles, OpenAPI, the routes). No zod and no server
// module here: the console's first load reads this file. Each kind's zod schemas and store are in
// its server entry (lib/server/kinds).

/** D11's roles, lowest first. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** The verbs a kind's routes answer, for the role each needs (D11: reads viewer, writes editor). */
export type Verb = 'read' | 'create' | 'update' | 'delete' | 'enable' | 'restore' | 'upload';

/** How a resource is named where resources refer to each other (references, bundles, dependents). */
export type RefKind = 'agent' | 'squad' | 'tool' | 'knowledgeBase' | 'aiModel';

export type KindDef = {
  /** The URL segment under /api and under the console, and the react-query namespace. */
  key: string;
  /** "agent", "knowledge base": in sentences. */
  singular: string;
  plural: string;
  /** "Agent", "Knowledge base": a 404's subject, the palette's badge. */
  title: string;
  /** "Agents": the navigation's label. */
  titlePlural: string;
  icon: string;
  ref: RefKind;
  /** The table of its rows (prisma/schema.prisma's model). */
  table: string;
  /** The key of the bundle document's array of this kind (lib/schemas/bundle). */
  bundleKey: string;
  /** What can use a resource of this kind (where-used, the 409 of a delete); null: nothing. */
  usedBy: RefKind | null;
  /** Version numbers follow the resource's own `version` counter (else 1, 2, 3… per resource). */
  ownVersionCounter: boolean;
  /**
   * How GET /{kind}/{id} (and a restore) answers the record: the envelope's status spelling, the
   * key it is wrapped in (D6: `{ Agent }`) and whether the version travels as an ETag (D7).
   */
  detail: { status: 'OK' | 'ok'; wrap: string | null; etag: boolean };
  /** The role each verb needs (D11). */
  roles: Readonly<Record<Verb, Role>>;
  /**
   * The kind answers its list, detail and history from route files of its own (app/api/<key>/…)
   * for the spec's quirks (D6's `{ Agent }`, "ok", bare arrays, an environment, a wrapped body).
   * Absent: the shared routes (app/api/[kind]/…) serve them with the default shapes from its
   * server entry's `routes` (lib/server/kinds, decision 103).
   */
  ownRoutes?: true;
  /**
   * Its console pages (app/(console)/[kind], decision 093): the other kinds' whole lists its list
   * and detail pages read on the server beside its own, the lists its form (new and edit pages)
   * picks references from or checks names against (decision 099), and the segment of its history
   * page (/history/<history>).
   */
  pages: { listWith: readonly string[]; detailWith: readonly string[]; formWith: readonly string[]; history: string };
};

const EDITOR_WRITES: Readonly<Record<Verb, Role>> = {
  read: 'viewer',
  create: 'editor',
  update: 'editor',
  delete: 'editor',
  enable: 'editor',
  restore: 'editor',
  upload: 'editor',
};

export const KINDS = [
  {
    key: 'agents',
    singular: 'agent',
    plural: 'agents',
    title: 'Agent',
    titlePlural: 'Agents',
    icon: '◎',
    ref: 'agent',
    table: 'Agent',
    bundleKey: 'agents',
    usedBy: 'squad',
    ownVersionCounter: false,
    detail: { status: 'OK', wrap: 'Agent', etag: false },
    ownRoutes: true,
    roles: EDITOR_WRITES,
    pages: { listWith: ['ai-models'], detailWith: ['ai-models', 'tools', 'knowledge-bases'], formWith: ['ai-models', 'tools', 'knowledge-bases', 'agents'], history: 'agents' },
  },
  {
    key: 'squads',
    singular: 'squad',
    plural: 'squads',
    title: 'Squad',
    titlePlural: 'Squads',
    icon: '⬡',
    ref: 'squad',
    table: 'Squad',
    bundleKey: 'squad',
    usedBy: null,
    ownVersionCounter: true,
    detail: { status: 'OK', wrap: null, etag: true },
    ownRoutes: true,
    roles: EDITOR_WRITES,
    pages: { listWith: [], detailWith: ['agents'], formWith: ['agents', 'squads'], history: 'squads' },
  },
  {
    key: 'tools',
    singular: 'tool',
    plural: 'tools',
    title: 'Tool',
    titlePlural: 'Tools',
    icon: '⚒',
    ref: 'tool',
    table: 'Tool',
    bundleKey: 'tools',
    usedBy: 'agent',
    ownVersionCounter: false,
    detail: { status: 'OK', wrap: null, etag: false },
    roles: EDITOR_WRITES,
    pages: { listWith: [], detailWith: [], formWith: ['tools'], history: 'tools' },
  },
  {
    key: 'knowledge-bases',
    singular: 'knowledge base',
    plural: 'knowledge bases',
    title: 'Knowledge base',
    titlePlural: 'Knowledge bases',
    icon: '▤',
    ref: 'knowledgeBase',
    table: 'KnowledgeBase',
    bundleKey: 'knowledgeBases',
    usedBy: 'agent',
    ownVersionCounter: false,
    detail: { status: 'OK', wrap: null, etag: false },
    roles: EDITOR_WRITES,
    pages: { listWith: [], detailWith: [], formWith: ['knowledge-bases'], history: 'knowledge-bases' },
  },
  {
    key: 'ai-models',
    singular: 'AI model',
    plural: 'AI models',
    title: 'AI model',
    titlePlural: 'AI models',
    icon: '✦',
    ref: 'aiModel',
    table: 'AiModel',
    bundleKey: 'aiModels',
    usedBy: 'agent',
    ownVersionCounter: true,
    detail: { status: 'ok', wrap: null, etag: false },
    ownRoutes: true,
    roles: EDITOR_WRITES,
    pages: { listWith: [], detailWith: [], formWith: ['ai-models'], history: 'models' },
  },
] as const satisfies readonly KindDef[];

export type Kind = (typeof KINDS)[number];
export type KindKey = Kind['key'];
/** The kinds with route files of their own for their list, detail and history. */
export type OwnRoutesKey = Extract<Kind, { ownRoutes: true }>['key'];

const BY_KEY = new Map<string, Kind>(KINDS.map((k) => [k.key, k]));
const BY_REF = new Map<string, Kind>(KINDS.map((k) => [k.ref, k]));
const BY_HISTORY = new Map<string, Kind>(KINDS.map((k) => [k.pages.history, k]));

/** The kind whose URL segment is `key` (request data: a Map lookup, never an object index), or undefined. */
export const findKind = (key: string): Kind | undefined => BY_KEY.get(key);

/** The kind whose history page is /history/`segment` (request data, as above), or undefined. */
export const findKindOfHistory = (segment: string): Kind | undefined => BY_HISTORY.get(segment);

/** The kind of a key the code names (never request data). */
export function kind<K extends KindKey>(key: K): Extract<Kind, { key: K }> {
  return BY_KEY.get(key) as Extract<Kind, { key: K }>;
}

/** The kind named `ref` ("aiModel"). */
export const kindOfRef = (ref: RefKind): Kind => BY_REF.get(ref)!;

/** "an agent", "a tool". */
export const withArticle = (noun: string) => `${/^[aeiouAEIOU]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** The console's path of a resource (or of the kind's list without `id`). */
export const consoleHref = (k: Pick<KindDef, 'key'>, id?: string) => (id === undefined ? `/${k.key}` : `/${k.key}/${encodeURIComponent(id)}`);
