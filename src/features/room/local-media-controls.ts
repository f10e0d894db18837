/**
 * The local participant's own controls: camera and microphone on or off, and screen sharing. Each
 * change reaches the peers (tracks and a data-channel message), the local tile and the recording.
 */
import type { PeerMessage } from './data-messages';
import { ROOM_ERRORS } from './protocol';
import type { RoomMedia } from './room-media';
import type { RoomNotice } from './room-notice';
import type { RoomPeers } from './room-peers';
import type { ParticipantMedia } from './room-recorder';
import type { RoomStore } from './room-store';

export interface MediaControlsDeps {
  store: RoomStore;
  media: () => RoomMedia | null;
  peers: () => RoomPeers | null;
  notify: (notice: RoomNotice) => void;
  /** The recording follows this participant's new picture. */
  onLocalMediaChanged: () => void;
}

export class LocalMediaControls {
  constructor(private readonly deps: MediaControlsDeps) {}

  toggleVideo(): void {
    const media = this.deps.media();
    media?.setVideoEnabled(!media.videoEnabled);
    this.announce();
  }

  toggleAudio(): void {
    const media = this.deps.media();
    media?.setAudioEnabled(!media.audioEnabled);
    this.announce();
  }

  async toggleScreenShare(): Promise<void> {
    const { store, notify } = this.deps;
    const media = this.deps.media();
    if (!media || store.room.phase !== 'joined') return;
    if (store.room.isScreenSharing) {
      this.stopScreenShare();
      return;
    }
    // One sharer at a time: a share is refused while anyone's is active (SPEC section 5).
    if (media.isSharing || store.room.screenSharingParticipant !== null) {
      notify({ title: 'Screen Sharing Failed', message: ROOM_ERRORS.screenShareActive, tone: 'error' });
      return;
    }
    try {
      await media.startScreenShare(() => {
        this.stopScreenShare();
      });
    } catch (error) {
      // A cancelled picker is the user's choice, not a failure: it is only logged (SPEC section 8).
      console.warn('Screen sharing did not start:', error);
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
        notify({ title: 'Screen Sharing Failed', message: error instanceof Error && error.message ? error.message : 'Failed to start screen sharing', tone: 'error' });
      }
      return;
    }
    if (this.deps.media() !== media) {
      media.stopScreenShare(); // the room was left while the picker was open
      return;
    }
    store.dispatch({ type: 'screen-sharing', participantId: store.room.selfId, sharing: true });
    this.applyOutgoingVideo();
    this.deps.peers()?.broadcast({ type: 'screen-sharing-started' });
    notify({ title: 'Screen Sharing Started', message: 'Everyone in the room now sees your screen.', tone: 'success' });
  }

  stopScreenShare(): void {
    const { store } = this.deps;
    const media = this.deps.media();
    if (!media?.isSharing) return;
    media.stopScreenShare();
    store.dispatch({ type: 'screen-sharing', participantId: store.room.selfId, sharing: false });
    this.applyOutgoingVideo();
    this.deps.peers()?.broadcast({ type: 'screen-sharing-stopped' });
    this.deps.notify({ title: 'Screen Sharing Stopped', message: 'Everyone sees your camera again.', tone: 'info' });
  }

  /** What a peer is told when its data channel opens. */
  currentState(): PeerMessage[] {
    return [this.mediaState(), ...(this.deps.store.room.isScreenSharing ? [{ type: 'screen-sharing-started' } as const] : [])];
  }

  /** The local participant's picture and sound, for the recording. */
  participantMedia(): ParticipantMedia {
    const media = this.deps.media();
    return { video: media?.outgoingVideo ?? null, audio: media?.audioTrack ?? null };
  }

  /** Sends the camera or the screen, whichever is current, to everyone and to the recording. */
  private applyOutgoingVideo(): void {
    const media = this.deps.media();
    if (!media) return;
    this.deps.peers()?.setLocalTracks({ audio: media.audioTrack, video: media.outgoingVideo });
    this.deps.store.setStream(this.deps.store.room.selfId, media.previewStream());
    this.announce();
    this.deps.onLocalMediaChanged();
  }

  private mediaState(): PeerMessage {
    const media = this.deps.media();
    return { type: 'media-state', videoEnabled: media?.sendsVideo ?? false, audioEnabled: media?.sendsAudio ?? false };
  }

  private announce(): void {
    const { store } = this.deps;
    const media = this.deps.media();
    if (!media || !store.room.selfId) return;
    store.dispatch({ type: 'media-state', participantId: store.room.selfId, videoEnabled: media.sendsVideo, audioEnabled: media.sendsAudio });
    this.deps.peers()?.broadcast(this.mediaState());
  }
}
