/**
 * What a room recording writes (docs/decisions/0013-room-recording.md): mixed puts everyone on one
 * 1920×1080 picture with labels; separate writes the host's own file here while every other participant
 * records theirs on their own computer (docs/decisions/0015-podcast-tracks.md); local-only writes the
 * host's own streams. Sizes and bitrates follow Settings scaled by picture area
 * (docs/decisions/0005-quality-follows-settings.md).
 */
import { mixedFileName, participantFileName } from './room-recording-format';
import type { RoomOutputSpec } from '../../../media';
import type { RoomRecordingMode } from '../../../protocol';

export const MIXED_SIZE = { width: 1920, height: 1080 } as const;
/** A participant's own file: their camera is sent at most at 1280×720, a screen is scaled to fit. */
export const PARTICIPANT_SIZE = { width: 1280, height: 720 } as const;
const MIN_VIDEO_KBPS = 1000;

export interface PlanParticipant {
  id: string;
  name: string;
  isLocal: boolean;
}

export interface PlanSettings {
  /** Video bitrate for a 1080p picture, kbps (Settings video.bitrate). */
  videoKbps: number;
  audioKbps: number;
  frameRate: number;
  /** The picture size of this participant's own file: their capture size within Settings (own-track-size). */
  ownSize?: { width: number; height: number };
}

export interface PlannedOutput {
  spec: RoomOutputSpec;
  fileName: string;
}

const tileLabel = (p: PlanParticipant): string => (p.isLocal ? 'You' : p.name);

function videoBitrate(settings: PlanSettings, size: { width: number; height: number }): number {
  const scale = (size.width * size.height) / (MIXED_SIZE.width * MIXED_SIZE.height);
  return Math.max(MIN_VIDEO_KBPS, Math.round(settings.videoKbps * scale)) * 1000;
}

/** One participant's own file (separate mode, a late joiner in separate mode, or local-only). */
export function participantOutput(
  participant: PlanParticipant,
  kind: 'room-separate' | 'room-local-only',
  settings: PlanSettings,
  createdAt: Date,
  recordingId: string,
  size: { width: number; height: number } = settings.ownSize ?? PARTICIPANT_SIZE,
): PlannedOutput {
  return {
    fileName: participantFileName(participant.id, createdAt),
    spec: {
      outputId: participant.id,
      recordingId,
      name: kind === 'room-local-only' ? 'Room recording (local only)' : `Room recording: ${participant.name}`,
      kind,
      size: { ...size },
      videoBitrate: videoBitrate(settings, size),
      audioBitrate: settings.audioKbps * 1000,
      frameRate: settings.frameRate,
      createdAt: createdAt.getTime(),
      tiles: [{ sourceId: participant.id, label: tileLabel(participant) }],
      labels: false,
    },
  };
}

/** The tiles of the mixed picture: the host ("You") first, then everyone else in joining order. */
export function mixedTiles(participants: readonly PlanParticipant[]): RoomOutputSpec['tiles'] {
  const ordered = [...participants.filter((p) => p.isLocal), ...participants.filter((p) => !p.isLocal)];
  return ordered.map((p) => ({ sourceId: p.id, label: tileLabel(p) }));
}

export function recordingPlan(
  mode: RoomRecordingMode,
  participants: readonly PlanParticipant[],
  settings: PlanSettings,
  createdAt: Date,
  newId: () => string,
): PlannedOutput[] {
  switch (mode) {
    case 'mixed':
      return [
        {
          fileName: mixedFileName(createdAt),
          spec: {
            outputId: 'mixed',
            recordingId: newId(),
            name: 'Room recording (mixed)',
            kind: 'room-mixed',
            size: { ...MIXED_SIZE },
            videoBitrate: videoBitrate(settings, MIXED_SIZE),
            audioBitrate: settings.audioKbps * 1000,
            frameRate: settings.frameRate,
            createdAt: createdAt.getTime(),
            tiles: mixedTiles(participants),
            labels: true,
          },
        },
      ];
    case 'separate': {
      // Everyone else records their own track on their own computer and sends it (features/room/tracks).
      const local = participants.find((p) => p.isLocal);
      return local ? [participantOutput(local, 'room-separate', settings, createdAt, newId())] : [];
    }
    case 'local-only': {
      const local = participants.find((p) => p.isLocal);
      return local ? [participantOutput(local, 'room-local-only', settings, createdAt, newId())] : [];
    }
  }
}
