import { Badge, Group } from '@mantine/core';
import type { RefObject } from 'react';
import { MODE_LABELS } from '../../media';
import type { StudioSnapshot } from './studio-controller';
import classes from './Studio.module.css';

/** The worker paints the composite into a canvas placed in `hostRef`; badges sit on top. */
export function PreviewPanel({ snapshot, hostRef }: { snapshot: StudioSnapshot; hostRef: RefObject<HTMLDivElement | null> }) {
  const { recordingState, mode, videoEnabled, audioEnabled } = snapshot;
  return (
    <div className={classes.preview}>
      <div ref={hostRef} className={classes.canvasHost} />
      <Group gap={6} className={classes.badgesLeft}>
        {recordingState === 'recording' ? (
          <Badge color="red" variant="filled" className={classes.recBadge} data-testid="recording-badge">
            REC
          </Badge>
        ) : null}
        {recordingState === 'paused' ? (
          <Badge color="yellow" variant="filled" data-testid="recording-badge">
            Paused
          </Badge>
        ) : null}
        {!videoEnabled ? (
          <Badge color="dark" variant="filled">
            Video Off
          </Badge>
        ) : null}
        {!audioEnabled ? (
          <Badge color="dark" variant="filled">
            Audio Off
          </Badge>
        ) : null}
      </Group>
      <Badge className={classes.badgeRight} color="dark" variant="filled" data-testid="mode-badge">
        {MODE_LABELS[mode]}
      </Badge>
    </div>
  );
}
