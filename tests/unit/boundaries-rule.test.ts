import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../../eslint/boundaries.js';

/** Lints `code` as if it were the file at `path` (repository-relative) and returns the boundary messages. */
function problems(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, sourceType: 'module' },
        plugins: { boundaries },
        rules: { 'boundaries/imports': 'error' },
      },
    ],
    { filename: `${process.cwd()}/${path}` },
  );
  return messages.map((m) => m.message);
}

describe('the folder boundaries rule', () => {
  it('lets a feature use another feature, the media home and the protocol through their front doors only', () => {
    expect(problems('src/features/studio/a.ts', "import { RoomPage } from '../room';\nimport { X } from '../../media';\nimport { Y } from '../../protocol';")).toEqual([]);
    expect(problems('src/features/studio/a.ts', "import { RoomSession } from '../room/room-session';")).toEqual(['Use the room feature only through src/features/room/index.ts.']);
    expect(problems('src/features/studio/a.ts', "import { x } from '../../media/storage/recordings-db';")).toEqual(['Use the media home only through src/media/index.ts.']);
    expect(problems('src/routes/a.ts', "export * from '../protocol/protocol';")).toEqual(['Use the room protocol only through src/protocol/index.ts.']);
    expect(problems('src/features/room/ui/a.ts', "import { x } from '../signaling/local-signaling';")).toEqual([]);
  });

  it('keeps shared, the protocol, the media home and the server from depending on what they must not', () => {
    expect(problems('src/shared/a.ts', "import { x } from '../features/settings';")).toEqual(['shared code may use only shared.']);
    expect(problems('src/protocol/a.ts', "import { x } from '../media';")).toEqual(['protocol code may use only protocol, shared.']);
    expect(problems('src/media/client/a.ts', "import type { Settings } from '../../features/settings';")).toEqual(['media code may use only media, shared.']);
    expect(problems('server/a.ts', "import { x } from '../src/features/room';")).toEqual(['server code may use only server, protocol, shared.']);
    expect(problems('server/a.ts', "import { x } from '../src/protocol';")).toEqual([]);
  });

  it('keeps worker code off the page side, and lets the page side use the worker for its types only', () => {
    expect(problems('src/media/worker/a.ts', "import { x } from '../client/track-feed';")).toEqual(['media/worker may use only media/worker, media/contract, media/storage, media/container.']);
    expect(problems('src/media/client/a.ts', "import type { Api } from '../worker/export.worker';")).toEqual([]);
    // An inline type specifier still loads the module (verbatimModuleSyntax).
    expect(problems('src/media/client/a.ts', "import { type Api } from '../worker/export.worker';")).toHaveLength(1);
    expect(problems('src/media/contract/a.ts', "import type { Row } from '../storage/recordings-db';")).toEqual([]);
    expect(problems('src/media/contract/a.ts', "import { open } from '../storage/recordings-db';")).toHaveLength(1);
  });

  it('lets a dynamic import reach a module directly, but not cross a line it must not', () => {
    expect(problems('src/features/library/a.ts', "const m = import('../../media/storage/repair-recording');")).toEqual([]);
    expect(problems('src/shared/a.ts', "const m = import('../features/room/room-session');")).toEqual(['shared code may use only shared.']);
    expect(problems('src/shared/a.ts', "type T = import('../features/room/room-session').RoomSession;")).toEqual(['shared code may use only shared.']);
  });

  it('leaves tests, scripts and packages alone', () => {
    expect(problems('tests/unit/a.ts', "import { x } from '../../src/media/storage/recordings-db';")).toEqual([]);
    expect(problems('src/features/studio/a.ts', "import { z } from 'zod';")).toEqual([]);
  });
});
