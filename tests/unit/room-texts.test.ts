import { describe, expect, it } from 'vitest';
import { emptyRequestsText, pendingSummary, requestTimeLabel } from '../../src/features/room/ui/guest-requests';
import {
  averageBitrate,
  formatBitrate,
  formatMegabytes,
  formatRoomDuration,
  mixedFileName,
  participantFileName,
  recordingCompleteMessage,
  unfinishedFilesMessage,
} from '../../src/features/room/recording/room-recording-format';
import { participantCountText, roomStatusTexts } from '../../src/features/room/ui/status-text';
import { initials, tileState, type TileFacts } from '../../src/features/room/ui/tile-state';
import { parseStoredRoom } from '../../src/features/room/stored-room';
import { parsePeerMessage } from '../../src/features/room/peers/data-messages';

describe('guest approval texts', () => {
  it('shows the request time, or "just now" when it is invalid', () => {
    expect(requestTimeLabel(Date.UTC(2024, 0, 1, 14, 3, 7), 'en-GB')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(requestTimeLabel(Number.NaN)).toBe('just now');
    expect(requestTimeLabel('not a date')).toBe('just now');
    expect(requestTimeLabel(undefined)).toBe('just now');
  });

  it('says one person or several people', () => {
    expect(pendingSummary(1)).toBe('1 person wants to join the room.');
    expect(pendingSummary(3)).toBe('3 people want to join the room.');
  });

  it('tells the two empty states apart', () => {
    // The product's established wording, word for word.
    expect(emptyRequestsText(0)).toBe('No pending guest requests.');
    expect(emptyRequestsText(2)).toBe('All join requests have been processed.');
  });
});

describe('room recording texts', () => {
  const at = new Date('2024-05-06T07:08:09.010Z');

  it('names files as the spec says, safe on every file system', () => {
    expect(mixedFileName(at)).toBe('podcast-mixed-2024-05-06T07-08-09.010Z.webm');
    expect(participantFileName('k3f9x2ab', at)).toBe('podcast-k3f9x2ab-2024-05-06T07-08-09.010Z.webm');
    expect(participantFileName('../evil', at)).toBe('podcast-evil-2024-05-06T07-08-09.010Z.webm');
  });

  it('shows duration as minutes:seconds and size in MB to one decimal', () => {
    expect(formatRoomDuration(0)).toBe('0:00');
    expect(formatRoomDuration(65_999)).toBe('1:05');
    expect(formatRoomDuration(3_725_000)).toBe('62:05');
    expect(formatRoomDuration(Number.NaN)).toBe('0:00');
    expect(formatMegabytes(0)).toBe('0.0 MB');
    expect(formatMegabytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
  });

  it('computes and shows the average bitrate', () => {
    expect(averageBitrate(1_000_000, 8000)).toBe(1_000_000);
    expect(averageBitrate(10, 0)).toBe(0);
    expect(formatBitrate(2_345_000)).toBe('2.3 Mbps');
    expect(formatBitrate(640_000)).toBe('640 kbps');
    expect(formatBitrate(0)).toBe('0 kbps');
  });

  it('counts files in the completion notice', () => {
    expect(recordingCompleteMessage(1)).toBe('Recorded 1 file. Click to download.');
    expect(recordingCompleteMessage(3)).toBe('Recorded 3 files. Click to download.');
  });

  it('counts the files that could not be finished, and says they are kept', () => {
    expect(unfinishedFilesMessage(1)).toMatch(/^1 file could not be finished\. What was recorded is kept/);
    expect(unfinishedFilesMessage(2)).toMatch(/^2 files could not be finished\./);
  });
});

describe('control bar and tiles', () => {
  const room = {
    recordingState: 'idle' as const,
    screenSharingParticipant: null,
    selfId: 'me',
    participants: [
      { id: 'me', name: 'Me' },
      { id: 'h', name: 'Hana' },
    ],
  };

  it('says who is sharing and whether the room is recording', () => {
    expect(participantCountText(1)).toBe('1 participant');
    expect(participantCountText(2)).toBe('2 participants');
    expect(roomStatusTexts(room as never)).toEqual([]);
    expect(roomStatusTexts({ ...room, recordingState: 'recording', screenSharingParticipant: 'h' } as never)).toEqual([
      'Recording in progress',
      'Hana is sharing their screen',
    ]);
    expect(roomStatusTexts({ ...room, recordingState: 'paused', screenSharingParticipant: 'me' } as never)).toEqual([
      'Recording paused',
      'You are sharing your screen',
    ]);
  });

  const facts: TileFacts = { isLocal: false, hasVideo: true, videoEnabled: true, connectionState: 'connected', playing: true, failed: false };
  it('picks the tile state', () => {
    expect(tileState(facts)).toBe('playing');
    expect(tileState({ ...facts, playing: false })).toBe('loading');
    expect(tileState({ ...facts, connectionState: 'connecting', playing: false })).toBe('connecting');
    expect(tileState({ ...facts, connectionState: 'reconnecting', playing: true })).toBe('connecting');
    expect(tileState({ ...facts, hasVideo: false })).toBe('connecting');
    expect(tileState({ ...facts, videoEnabled: false })).toBe('video-off');
    expect(tileState({ ...facts, failed: true })).toBe('error');
    expect(tileState({ ...facts, connectionState: 'failed' })).toBe('error');
    expect(tileState({ ...facts, isLocal: true, hasVideo: false, playing: false })).toBe('video-off');
    expect(initials('Ada  Lovelace')).toBe('AL');
    expect(initials('zoë')).toBe('Z');
    expect(initials('')).toBe('?');
  });
});

describe('stored room and peer messages', () => {
  it('reads a valid stored room and refuses anything else', () => {
    expect(parseStoredRoom(JSON.stringify({ roomId: 'r-1', userName: ' Ada ', isHost: true, roomName: "Ada's room", createdAt: 5 }))).toEqual({
      roomId: 'r-1',
      userName: 'Ada',
      isHost: true,
      roomName: "Ada's room",
      createdAt: 5,
    });
    expect(parseStoredRoom(JSON.stringify({ roomId: 'r-1', userName: 'Gus', isHost: false, joinedAt: 9 }))).toEqual({ roomId: 'r-1', userName: 'Gus', isHost: false, joinedAt: 9 });
    expect(parseStoredRoom('{bad json')).toBeNull();
    expect(parseStoredRoom(null)).toBeNull();
    expect(parseStoredRoom(JSON.stringify({ roomId: '', userName: 'x', isHost: false, joinedAt: 1 }))).toBeNull();
    expect(parseStoredRoom(JSON.stringify({ roomId: 'r', userName: 'x', isHost: false }))).toBeNull();
  });

  it('parses only the known data-channel messages', () => {
    expect(parsePeerMessage('{"type":"media-state","videoEnabled":false,"audioEnabled":true}')).toEqual({ type: 'media-state', videoEnabled: false, audioEnabled: true });
    expect(parsePeerMessage('{"type":"screen-sharing-started","extra":1}')).toEqual({ type: 'screen-sharing-started' });
    expect(parsePeerMessage('{"type":"media-state","videoEnabled":"no"}')).toBeNull();
    expect(parsePeerMessage('{"type":"rm -rf"}')).toBeNull();
    expect(parsePeerMessage('nope')).toBeNull();
    expect(parsePeerMessage(new ArrayBuffer(2))).toBeNull();
  });
});
