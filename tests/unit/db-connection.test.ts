import 'fake-indexeddb/auto';
import { openDB, type IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { DbConnection, OUTDATED_MESSAGE, type ConnectionStatus } from '../../src/media/storage/db-connection';

let dbCount = 0;

/** A connection to a fresh database at version 1, as the app's code opens it. */
function appConnection(name: string): DbConnection<IDBPDatabase> {
  return new DbConnection((handlers) =>
    openDB(name, 1, {
      upgrade: (db) => db.createObjectStore('chunks'),
      blocked: () => {
        handlers.blocked();
      },
      blocking: (_current, next) => {
        handlers.blocking(next);
      },
      terminated: () => {
        handlers.terminated();
      },
    }),
  );
}

/** What a newer version of the app in another tab does: opens version 2 and notes when it got it. */
function newerTab(name: string) {
  const seen = { blocked: false, opened: false };
  const opened = openDB(name, 2, {
    upgrade: (db) => db.createObjectStore('thumbnails'),
    blocked: () => {
      seen.blocked = true;
    },
  }).then((db) => {
    seen.opened = true;
    return db;
  });
  return { seen, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the database connection across app versions', () => {
  it('while a recording holds it, a newer version waits; once let go, this code says it is outdated', async () => {
    const name = `hold-${String(dbCount++)}`;
    const connection = appConnection(name);
    const statuses: ConnectionStatus[] = [];
    connection.subscribe(() => statuses.push(connection.status));
    const db = await connection.get();
    const release = connection.hold();

    const newer = newerTab(name);
    await tick();
    expect(newer.seen).toEqual({ blocked: true, opened: false });
    // The recording keeps writing meanwhile.
    await db.put('chunks', new Uint8Array(4), 1);
    expect(await db.count('chunks')).toBe(1);

    release();
    (await newer.opened).close();
    expect(newer.seen.opened).toBe(true);
    expect(statuses).toEqual(['outdated']);
    await expect(connection.get()).rejects.toThrow(OUTDATED_MESSAGE);
  });

  it('with nothing held, a newer version takes over at once', async () => {
    const name = `free-${String(dbCount++)}`;
    const connection = appConnection(name);
    await connection.get();
    const newer = newerTab(name);
    (await newer.opened).close();
    expect(newer.seen.blocked).toBe(false);
    expect(connection.status).toBe('outdated');
  });

  it('code opening a database a newer version already upgraded is outdated, not stuck', async () => {
    const name = `late-${String(dbCount++)}`;
    (await newerTab(name).opened).close();
    const connection = appConnection(name);
    await expect(connection.get()).rejects.toThrow(OUTDATED_MESSAGE);
    expect(connection.status).toBe('outdated');
  });

  it('the newer side reports waiting while blocked, and ready once it opens', async () => {
    const name = `waiting-${String(dbCount++)}`;
    const old = await openDB(name, 1, { upgrade: (db) => db.createObjectStore('chunks') });
    const newer = new DbConnection((handlers) => openDB(name, 2, { blocked: () => handlers.blocked() }));
    const opening = newer.get();
    await tick();
    expect(newer.status).toBe('waiting');
    old.close();
    await opening;
    expect(newer.status).toBe('ready');
  });

  it('never keeps a failed open or a terminated connection: the next call opens afresh', async () => {
    let opens = 0;
    let terminate: () => void = () => undefined;
    const connection = new DbConnection((handlers) => {
      opens += 1;
      terminate = () => {
        handlers.terminated();
      };
      return opens === 1 ? Promise.reject(new DOMException('disk', 'UnknownError')) : Promise.resolve({ close: () => undefined, n: opens });
    });
    await expect(connection.get()).rejects.toThrow('disk');
    expect(await connection.get()).toMatchObject({ n: 2 });
    expect(await connection.get()).toMatchObject({ n: 2 });
    terminate();
    expect(await connection.get()).toMatchObject({ n: 3 });
    expect(connection.status).toBe('ready');
  });
});
