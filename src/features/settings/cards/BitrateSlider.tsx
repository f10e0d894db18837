import { Group, Input, Slider, Text } from '@mantine/core';
import { useState } from 'react';
import { BITRATE_KBPS } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { formatBitrate } from '../setting-labels';

const MARKS = [1000, 2500, 5000, 7500, 10000].map((value) => ({ value, label: `${value / 1000}M` }));

/** Writes once per gesture (drag end or key press), not on every pixel of a drag. */
export function BitrateSlider({ value }: { readonly value: number }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? value;
  return (
    <Input.Wrapper
      labelElement="div"
      label="Video bitrate"
      description="Higher bitrates keep more detail and make larger files. 720p looks good at 2500 kbps, 1080p at 5000."
    >
      <Group justify="flex-end" mt={-4}>
        <Text size="sm" fw={600} data-testid="bitrate-value">
          {formatBitrate(shown)}
        </Text>
      </Group>
      <Slider
        mt={4}
        mb="lg"
        min={BITRATE_KBPS.min}
        max={BITRATE_KBPS.max}
        step={BITRATE_KBPS.step}
        value={shown}
        marks={MARKS}
        label={(kbps) => `${kbps} kbps`}
        thumbLabel="Video bitrate"
        thumbValueText={formatBitrate}
        onChange={setDragging}
        onChangeEnd={(kbps) => {
          setDragging(null);
          updateSettings({ video: { bitrate: kbps } });
        }}
      />
    </Input.Wrapper>
  );
}
