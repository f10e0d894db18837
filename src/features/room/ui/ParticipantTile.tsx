import { ActionIcon, Badge, Button, Loader, Tooltip } from '@mantine/core';
import { IconMicrophoneOff, IconPin, IconPinnedOff, IconUserMinus, IconVideoOff } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import type { ConnectionStats } from '../peers/connection-quality';
import type { Participant } from '../room-state';
import { initials, QUALITY_LABELS, TILE_TEXT, tileState } from './tile-state';
import classes from './Room.module.css';

// Shades dark or light enough that the label (black or white, picked by autoContrast) passes AA.
const QUALITY_COLORS = { excellent: 'teal.9', good: 'cyan.9', fair: 'yellow.4', poor: 'red.9' } as const;

interface TileProps {
  participant: Participant;
  stream: MediaStream | null;
  stats: ConnectionStats | undefined;
  canKick: boolean;
  onKick: (participantId: string) => void;
  /** Whether this tile is the one shown large; null offers no pinning (alone in the room). */
  pinned: boolean | null;
  onTogglePin: (participantId: string) => void;
  /** This participant is speaking now: the tile is outlined. */
  speaking: boolean;
  /** Pinning moves the tile (to the top, or back to the grid): its pin button takes the focus there. */
  focusPin: boolean;
  onPinFocused: () => void;
}

/**
 * Plays one participant's stream; remote sound plays here too, the local tile stays muted. Drawn again
 * only when its own props change: the room page's store changes several times a second while a
 * recording runs (its figures, each connection's), and every tile, its video and its tooltips, drawn
 * each time, took a share of the computer that the recording needs. Handlers are stable and take the
 * participant's id.
 */
export const ParticipantTile = memo(function ParticipantTile({ participant, stream, stats, canKick, onKick, pinned, speaking, onTogglePin, focusPin, onPinFocused }: TileProps) {
  const pinButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusPin) return;
    pinButton.current?.focus();
    onPinFocused();
  }, [focusPin, onPinFocused]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [needsSound, setNeedsSound] = useState(false);
  const { isLocal, name } = participant;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setPlaying(false);
    setFailed(false);
    video.muted = isLocal;
    video.srcObject = stream;
    if (!stream) return;
    const onPlaying = () => {
      setPlaying(true);
    };
    const onError = () => {
      setFailed(true);
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('error', onError);
    video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException)) return;
      if (error.name === 'NotAllowedError' && !video.muted) {
        // The browser blocks sound until the user interacts: play silently and offer the sound.
        video.muted = true;
        setNeedsSound(true);
        // Muted playback is always allowed; a rejection here means the element was given a new stream.
        void video.play().catch(() => undefined);
      } else if (error.name !== 'AbortError') setFailed(true);
    });
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('error', onError);
    };
  }, [stream, isLocal]);

  const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;
  const state = tileState({ isLocal, hasVideo, videoEnabled: participant.videoEnabled, connectionState: participant.connectionState, playing, failed });
  const label = isLocal ? `${name} (You)` : name;
  const qualityLabel = QUALITY_LABELS[participant.connectionQuality];
  const statsText = stats
    ? `Round trip ${String(Math.round(stats.roundTripTime))} ms, jitter ${String(Math.round(stats.jitter))} ms, ${String(stats.packetsLost)} packets lost`
    : 'Measuring…';
  const className = [classes.tile, isLocal ? classes.local : '', participant.isScreenSharing ? classes.sharing : '', speaking ? classes.speaking : ''].join(' ');

  return (
    <figure className={className} style={{ margin: 0 }} data-testid="participant-tile" data-participant={name} data-state={state} data-connection={participant.connectionState} data-local={isLocal} data-speaking={speaking}>
      <video ref={videoRef} autoPlay playsInline muted={isLocal} aria-label={`Video of ${label}`} />
      {state !== 'playing' ? (
        <div className={classes.overlay}>
          {state === 'error' ? <IconVideoOff size={40} aria-hidden /> : null}
          {state === 'connecting' || state === 'loading' ? <Loader size="sm" color="gray" aria-hidden /> : null}
          {state === 'video-off' ? (
            <div className={classes.avatar} aria-hidden>
              {initials(name)}
            </div>
          ) : null}
          <span>{TILE_TEXT[state]}</span>
        </div>
      ) : null}
      <div className={classes.topLeft}>
        {participant.isScreenSharing ? (
          <Badge color="blue" variant="filled">
            Sharing screen
          </Badge>
        ) : null}
      </div>
      <div className={classes.topRight}>
        {/* The name stays "Pin …" and aria-pressed says whether it is: a toggle's name does not change with its state. */}
        {pinned !== null ? (
          <Tooltip label={pinned ? `Unpin ${label}` : `Pin ${label} large`}>
            <ActionIcon
              ref={pinButton}
              color="dark"
              variant="filled"
              size="md"
              aria-label={`Pin ${label}`}
              aria-pressed={pinned}
              onClick={() => {
                onTogglePin(participant.id);
              }}
            >
              {pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        {!isLocal ? (
          <Tooltip label={statsText}>
            <Badge color={QUALITY_COLORS[participant.connectionQuality]} variant="filled" autoContrast data-testid="connection-quality" aria-label={`Connection ${qualityLabel}`} tabIndex={0}>
              {qualityLabel}
            </Badge>
          </Tooltip>
        ) : null}
        {canKick && !isLocal ? (
          <Tooltip label={`Remove ${name}`}>
            <ActionIcon
              color="red"
              variant="filled"
              size="md"
              aria-label={`Remove ${name}`}
              onClick={() => {
                onKick(participant.id);
              }}
            >
              <IconUserMinus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </div>
      <figcaption className={classes.nameBar}>
        <span className={classes.name}>{label}</span>
        {participant.isHost ? (
          <Badge color="violet" variant="filled" size="sm">
            Host
          </Badge>
        ) : null}
        {!participant.audioEnabled ? <IconMicrophoneOff size={18} aria-label="Microphone off" role="img" /> : null}
        {needsSound ? (
          <Button
            size="compact-xs"
            variant="white"
            onClick={() => {
              const video = videoRef.current;
              if (!video) return;
              video.muted = false;
              setNeedsSound(false);
              // Called from the user's click, so the browser lets it play; a new stream meanwhile rejects it harmlessly.
              void video.play().catch(() => undefined);
            }}
          >
            Turn on sound
          </Button>
        ) : null}
      </figcaption>
    </figure>
  );
});
