/**
 * Folder boundaries, checked on every import of every file under src/ and server/ (docs/architecture.md):
 *
 * - a feature (src/features/NAME), the media home (src/media) and the room protocol (src/protocol) are
 *   entered only through their index.ts from outside;
 * - src/shared uses nothing of the app; src/protocol uses only itself and src/shared; src/media uses
 *   only itself and src/shared; server/ uses only itself, src/protocol and src/shared;
 * - inside src/media, code that runs in a worker never reaches the page side, the contracts, storage and
 *   containers reach neither; the page side uses the worker, and the contracts storage, only for types.
 *
 * A dynamic import() (and a type written as import('…')) may reach a module directly: code splitting
 * needs the module itself, and a front door would pull everything behind it into the split chunk.
 * Every other rule holds for them too. Only `import type` / `export type` of a whole declaration is
 * type-only: `import { type X }` still loads the module under verbatimModuleSyntax.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Where a repository path belongs: { area, name?, part? }, or null for tests, scripts and configs. */
function placeOf(path) {
  const parts = relative(ROOT, path).split(sep);
  if (parts[0] === 'server') return { area: 'server' };
  if (parts[0] !== 'src') return null;
  const [, top, second] = parts;
  if (top === 'features') return { area: 'feature', name: second, door: parts.length === 3 || (parts.length === 4 && isIndex(parts[3])) };
  if (top === 'media') {
    const door = parts.length === 2 || (parts.length === 3 && isIndex(second));
    return { area: 'media', part: door ? 'door' : second, door };
  }
  if (top === 'protocol') return { area: 'protocol', door: parts.length === 2 || (parts.length === 3 && isIndex(second)) };
  if (top === 'shared' || top === 'app' || top === 'routes') return { area: top };
  return { area: 'entry' };
}

const isIndex = (name) => /^index(\.tsx?)?$/.test(name);

const ALLOWED_AREAS = {
  shared: ['shared'],
  protocol: ['protocol', 'shared'],
  media: ['media', 'shared'],
  server: ['server', 'protocol', 'shared'],
};

/** Which media parts each media part may import (type-only imports of the worker from the page side aside). */
const MEDIA_PARTS = {
  contract: ['contract'],
  storage: ['storage', 'contract', 'container'],
  container: ['container', 'contract'],
  worker: ['worker', 'contract', 'storage', 'container'],
  client: ['client', 'contract', 'storage', 'container'],
  door: ['client', 'contract', 'storage', 'container'],
};

/** The parts whose types (and only types) a media part may also use. */
const TYPES_ONLY = { client: ['worker'], contract: ['storage'] };

function problem(from, to, typeOnly, lazy) {
  if (!to) return null;
  const allowed = ALLOWED_AREAS[from.area];
  if (allowed && !allowed.includes(to.area)) return `${from.area} code may use only ${allowed.join(', ')}.`;
  const inside = from.area === to.area && (from.area !== 'feature' || from.name === to.name);
  if (!inside) {
    if (lazy) return null;
    if (to.area === 'feature' && !to.door) return `Use the ${to.name} feature only through src/features/${to.name}/index.ts.`;
    if (to.area === 'media' && !to.door) return 'Use the media home only through src/media/index.ts.';
    if (to.area === 'protocol' && !to.door) return 'Use the room protocol only through src/protocol/index.ts.';
    return null;
  }
  if (from.area === 'media' && to.part !== from.part) {
    const parts = MEDIA_PARTS[from.part] ?? [];
    if (parts.includes(to.part)) return null;
    if (typeOnly && TYPES_ONLY[from.part]?.includes(to.part)) return null;
    return `media/${from.part} may use only ${parts.map((part) => `media/${part}`).join(', ')}.`;
  }
  return null;
}

export default {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [], docs: { description: 'Folder boundaries (docs/architecture.md).' } },
      create(context) {
        const from = placeOf(context.filename);
        if (!from) return {};
        const check = (node, spec, typeOnly, lazy) => {
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = placeOf(resolve(dirname(context.filename), spec.replace(/\?.*$/, '')));
          const message = problem(from, to, typeOnly, lazy);
          if (message) context.report({ node, message });
        };
        const declaration = (node) => {
          const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
          check(node.source, node.source?.value, typeOnly, false);
        };
        return {
          ImportDeclaration: declaration,
          ExportNamedDeclaration: declaration,
          ExportAllDeclaration: declaration,
          ImportExpression: (node) => {
            check(node.source, node.source.type === 'Literal' ? node.source.value : undefined, false, true);
          },
          TSImportType: (node) => {
            // typescript-eslint 8 names the path `source`; `argument` (a TSLiteralType) before it.
            const literal = 'source' in node ? node.source : node.argument?.literal;
            check(node, literal?.type === 'Literal' ? literal.value : undefined, true, true);
          },
        };
      },
    },
  },
};
