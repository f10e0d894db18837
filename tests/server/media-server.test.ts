/** Our server's grants and take-backs on a real Janus: who may join a media-server room, and who is put out. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MediaServer } from '../../server/sfu/media-server';
import { hasJanus, startJanus, type JanusProcess } from './janus-process';
import { JanusParticipant } from './janus-participant';

const available = hasJanus() || process.env.CI === 'true';

describe.skipIf(!available)('media server access through Janus', { timeout: 15_000 }, () => {
  let janus: JanusProcess;
  let media: MediaServer;
  const opened: JanusParticipant[] = [];
  const open = async (token: string | undefined) => {
    const participant = await JanusParticipant.open(janus.url, token);
    opened.push(participant);
    return participant;
  };

  beforeAll(async () => {
    janus = await startJanus();
    media = new MediaServer({ url: janus.url, adminUrl: janus.adminUrl, secret: janus.secret, publicUrl: janus.wsUrl });
  }, 30_000);

  afterAll(async () => {
    await Promise.all(opened.map((participant) => participant.close()));
    await media.close();
    await janus.stop();
  });

  test('a member joins the room under its own id with the access it was granted', async () => {
    const access = await media.grant('room-a', 'host-1');
    expect(access).toEqual({ url: janus.wsUrl, room: 'framecast-room-a', id: expect.stringMatching(/^host-1\.[\w-]{16}$/) as string, token: expect.any(String) as string });
    const host = await open(access.token);
    const joined = await host.join(access.room, access.id, access.token);
    expect(joined).toMatchObject({ videoroom: 'joined', room: 'framecast-room-a', id: access.id });
    expect(await media.participants('room-a')).toEqual([access.id]);
    // A second grant (a reload, or another node) is the same access, and the room is not made twice;
    // the publisher still under that id (the page before its reload) is put out for the new one.
    expect(await media.grant('room-a', 'host-1')).toEqual(access);
    await host.next((data) => data.reason === 'kicked');
    expect(await media.participants('room-a')).toEqual([]);
  });

  test('without access nothing opens: no token, a guessed token, or another room’s token', async () => {
    await expect(JanusParticipant.open(janus.url, undefined)).rejects.toThrow(/403/);
    await expect(JanusParticipant.open(janus.url, 'guessed-token')).rejects.toThrow(/403/);
    // A member of another room holds a valid session, but the room's allow-list does not hold its token.
    const other = await media.grant('room-b', 'guest-b');
    await media.grant('room-c', 'host-c');
    const outsider = await open(other.token);
    const refused = await outsider.join('framecast-room-c', other.id, other.token);
    expect(refused).toMatchObject({ error_code: 433 });
    expect(await media.participants('room-c')).toEqual([]);
  });

  test('a kicked member is put out at once, cannot come back, and a stranger in its place goes too', async () => {
    const host = await media.grant('room-d', 'host-d');
    const guest = await media.grant('room-d', 'guest-d');
    const hostSession = await open(host.token);
    await hostSession.join(host.room, host.id, host.token);
    const guestSession = await open(guest.token);
    expect(await guestSession.join(guest.room, guest.id, guest.token)).toMatchObject({ videoroom: 'joined' });
    // The guest opens a second publisher under an id our server never gave.
    const sneak = await JanusParticipant.open(janus.url, guest.token);
    opened.push(sneak);
    expect(await sneak.join(guest.room, 'not-a-member', guest.token)).toMatchObject({ videoroom: 'joined' });
    expect((await media.participants('room-d')).sort()).toEqual([guest.id, host.id, 'not-a-member'].sort());

    const started = Date.now();
    await media.revoke('room-d', 'guest-d', ['host-d']);
    expect(await guestSession.next((data) => data.leaving === 'ok' && data.reason === 'kicked')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await media.participants('room-d')).toEqual([host.id]);
    // The host saw both go.
    await hostSession.next((data) => data.kicked === guest.id);
    await hostSession.next((data) => data.kicked === 'not-a-member');
    // Its token opens nothing any more.
    await expect(JanusParticipant.open(janus.url, guest.token)).rejects.toThrow(/403/);
    const host2 = await open(host.token);
    expect(await host2.join(host.room, guest.id, guest.token)).toMatchObject({ error_code: 433 });
  });

  test('a member cannot take another member’s place in the media room', async () => {
    const host = await media.grant('room-f', 'host-f');
    const mallory = await media.grant('room-f', 'mallory-f');
    // Mallory publishes under the host's participant id, and under the host's full id (as if learnt).
    const first = await open(mallory.token);
    expect(await first.join(host.room, 'host-f', mallory.token)).toMatchObject({ videoroom: 'joined' });
    const second = await open(mallory.token);
    expect(await second.join(host.room, host.id, mallory.token)).toMatchObject({ videoroom: 'joined' });
    // The host's grant (as its page asks for it) puts out whoever holds its id.
    expect(await media.grant('room-f', 'host-f')).toEqual(host);
    await second.next((data) => data.reason === 'kicked');
    const hostSession = await open(host.token);
    expect(await hostSession.join(host.room, host.id, host.token)).toMatchObject({ videoroom: 'joined' });
    // When Mallory is removed, nothing of hers stays, whatever id it took; the host stays.
    await media.revoke('room-f', 'mallory-f', ['host-f']);
    await first.next((data) => data.reason === 'kicked');
    expect(await media.participants('room-f')).toEqual([host.id]);
  });

  test('when the room ends, its Janus room and every token go', async () => {
    const host = await media.grant('room-e', 'host-e');
    const session = await open(host.token);
    await session.join(host.room, host.id, host.token);
    await media.closeRoom('room-e', ['host-e']);
    expect(await media.participants('room-e')).toEqual([]);
    await expect(JanusParticipant.open(janus.url, host.token)).rejects.toThrow(/403/);
    // Ending twice (two nodes, or a retry) is not an error.
    await media.closeRoom('room-e', ['host-e']);
  });
});
