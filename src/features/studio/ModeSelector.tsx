import { Alert, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { titleCase } from '../../shared/format';
import { MODE_LABELS } from '../../media';
import { OVERLAY_POSITIONS, OVERLAY_SHAPES, OVERLAY_SIZES } from '../../shared/webcam-overlay';
import type { OverlayLayout, RecordingMode } from '../../media';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: titleCase(value) }));

interface ModeSelectorProps {
  mode: RecordingMode;
  overlay: OverlayLayout;
  locked: boolean;
  onMode: (mode: RecordingMode) => void;
  onOverlay: (overlay: Partial<OverlayLayout>) => void;
}

export function ModeSelector({ mode, overlay, locked, onMode, onOverlay }: ModeSelectorProps) {
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Recording mode"
        value={mode}
        onChange={(value) => {
          onMode(value);
        }}
        disabled={locked}
        data={(Object.keys(MODE_LABELS) as RecordingMode[]).map((value) => ({ value, label: MODE_LABELS[value] }))}
        fullWidth
      />
      {mode === 'screen-webcam' ? (
        <>
          <Group grow align="flex-start">
            <Select
              label="Webcam shape"
              data={options(OVERLAY_SHAPES)}
              value={overlay.shape}
              allowDeselect={false}
              disabled={locked}
              onChange={(value) => {
                if (value) onOverlay({ shape: value as OverlayLayout['shape'] });
              }}
            />
            <Select
              label="Webcam size"
              data={options(OVERLAY_SIZES)}
              value={overlay.size}
              allowDeselect={false}
              disabled={locked}
              onChange={(value) => {
                if (value) onOverlay({ size: value as OverlayLayout['size'] });
              }}
            />
            <Select
              label="Webcam position"
              data={options(OVERLAY_POSITIONS)}
              value={overlay.position}
              allowDeselect={false}
              disabled={locked}
              onChange={(value) => {
                if (value) onOverlay({ position: value as OverlayLayout['position'] });
              }}
            />
          </Group>
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} title="The webcam overlay is burned in">
            The webcam bubble is drawn into the video itself, so it is permanently part of the recording and cannot be
            moved or removed afterwards.
          </Alert>
        </>
      ) : null}
    </Stack>
  );
}
