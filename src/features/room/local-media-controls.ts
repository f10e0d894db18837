/**
 * The local participant's own controls: camera and microphone on or off, and screen sharing. Each
 * change reaches the peers (tracks and a data-channel message), the local tile and the recording.
 */
import type { PeerMessage } from './peers/data-messages';
import type { LocalTracks } from './peers/peer-link';
import { ROOM_ERRORS } from '../../protocol';
import type { RoomMedia } from './room-media';
import type { RoomNotice } from './room-notice';
import type { ParticipantMedia } from '../../media';
import type { RoomStore } from './room-store';
import { reportError } from '../../shared/report-error';
import { Lifetime } from '../../shared/lifetime';

/** The peers as the controls reach them: every participant admitted so far (none while waiting). */
export interface PeerChannel {
  broadcast(message: PeerMessage): void;
  setLocalTracks(tracks: LocalTracks): void;
}

export interface MediaControlsDeps {
  store: RoomStore;
  media: RoomMedia;
  peers: PeerChannel;
  notify: (notice: RoomNotice) => void;
  /** The recording follows this participant's new picture. */
  onLocalMediaChanged: () => void;
}

export class LocalMediaControls {
  /** Ends with the session: a screen picker still open must not start a share afterwards. */
  private readonly lifetime = new Lifetime();

  constructor(private readonly deps: MediaControlsDeps) {}

  dispose(): void {
    this.lifetime.end();
  }

  toggleVideo(): void {
    const { media } = this.deps;
    media.setVideoEnabled(!media.videoEnabled);
    this.announce();
  }

  toggleAudio(): void {
    const { media } = this.deps;
    media.setAudioEnabled(!media.audioEnabled);
    this.announce();
  }

  async toggleScreenShare(): Promise<void> {
    const { store, notify, media } = this.deps;
    if (this.lifetime.isOver() || store.room.phase !== 'joined') return;
    if (store.room.isScreenSharing) {
      this.stopScreenShare();
      return;
    }
    // One sharer at a time, since the room shows one shared screen
    // (docs/decisions/0012-room-peer-connections.md).
    if (media.isSharing || store.room.screenSharingParticipant !== null) {
      notify({ title: 'Screen Sharing Failed', message: ROOM_ERRORS.screenShareActive, tone: 'error' });
      return;
    }
    try {
      await media.startScreenShare(() => {
        this.stopScreenShare();
      });
    } catch (error) {
      // A cancelled picker is the user's choice, not a failure: it is only logged.
      reportError('room: start screen sharing', error);
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
        notify({ title: 'Screen Sharing Failed', message: error instanceof Error && error.message ? error.message : 'Failed to start screen sharing', tone: 'error' });
      }
      return;
    }
    if (this.lifetime.isOver()) {
      media.stopScreenShare(); // the room was left while the picker was open
      return;
    }
    store.dispatch({ type: 'screen-sharing', participantId: store.room.selfId, sharing: true });
    this.applyOutgoingVideo();
    this.deps.peers.broadcast({ type: 'screen-sharing-started' });
    notify({ title: 'Screen Sharing Started', message: 'Everyone in the room now sees your screen.', tone: 'success' });
  }

  stopScreenShare(): void {
    const { store, media } = this.deps;
    if (!media.isSharing) return;
    media.stopScreenShare();
    if (this.lifetime.isOver()) return;
    store.dispatch({ type: 'screen-sharing', participantId: store.room.selfId, sharing: false });
    this.applyOutgoingVideo();
    this.deps.peers.broadcast({ type: 'screen-sharing-stopped' });
    this.deps.notify({ title: 'Screen Sharing Stopped', message: 'Everyone sees your camera again.', tone: 'info' });
  }

  /** What a peer is told when its data channel opens. */
  currentState(): PeerMessage[] {
    return [this.mediaState(), ...(this.deps.store.room.isScreenSharing ? [{ type: 'screen-sharing-started' } as const] : [])];
  }

  /** The local participant's picture and sound, for the recording. */
  participantMedia(): ParticipantMedia {
    const { media } = this.deps;
    return { video: media.outgoingVideo, audio: media.audioTrack };
  }

  /** Sends the camera or the screen, whichever is current, to everyone and to the recording. */
  private applyOutgoingVideo(): void {
    const { media } = this.deps;
    this.deps.peers.setLocalTracks({ audio: media.audioTrack, video: media.outgoingVideo });
    this.deps.store.setStream(this.deps.store.room.selfId, media.previewStream());
    this.announce();
    this.deps.onLocalMediaChanged();
  }

  private mediaState(): PeerMessage {
    const { media } = this.deps;
    return { type: 'media-state', videoEnabled: media.sendsVideo, audioEnabled: media.sendsAudio };
  }

  private announce(): void {
    const { store, media } = this.deps;
    if (this.lifetime.isOver() || !store.room.selfId) return;
    store.dispatch({ type: 'media-state', participantId: store.room.selfId, videoEnabled: media.sendsVideo, audioEnabled: media.sendsAudio });
    this.deps.peers.broadcast(this.mediaState());
  }
}
