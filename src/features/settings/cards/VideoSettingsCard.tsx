import { Badge, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { FRAME_RATE_OPTIONS, RECOMMENDED_QUALITY, VIDEO_QUALITY_DETAILS, VIDEO_QUALITY_ORDER } from '../setting-labels';
import { BitrateSlider } from './BitrateSlider';
import { SettingSwitch } from './SettingSwitch';
import { SettingsCard, isOneOf } from './SettingsCard';

const QUALITY_OPTIONS = VIDEO_QUALITY_ORDER.map((value) => ({ value }));

export function VideoSettingsCard({ video }: { readonly video: Settings['video'] }) {
  return (
    <SettingsCard title="Video" description="Resolution, bitrate and frame rate of new recordings." icon={<IconVideo size={20} aria-hidden />}>
      <Radio.Group
        label="Recording quality"
        description="The size of the recorded video. Screen and camera are captured at this size too."
        value={video.quality}
        onChange={(value) => {
          if (isOneOf(QUALITY_OPTIONS, value)) updateSettings({ video: { quality: value } });
        }}
      >
        <Stack gap="xs" mt="xs">
          {VIDEO_QUALITY_ORDER.map((quality) => (
            <Radio
              key={quality}
              value={quality}
              label={
                <Group gap="xs" component="span">
                  <span>{VIDEO_QUALITY_DETAILS[quality].label}</span>
                  <Text span size="sm" c="dimmed">
                    {VIDEO_QUALITY_DETAILS[quality].detail}
                  </Text>
                  {quality === RECOMMENDED_QUALITY ? (
                    <Badge size="sm" variant="light">
                      Recommended
                    </Badge>
                  ) : null}
                </Group>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      <BitrateSlider value={video.bitrate} />
      <Select
        label="Frame rate"
        description="The target rate. On a busy machine recording adapts down (to 15 fps at least) rather than stutter."
        data={FRAME_RATE_OPTIONS}
        value={String(video.frameRate)}
        allowDeselect={false}
        onChange={(value) => {
          const frameRate = Number(value);
          if (frameRate === 30 || frameRate === 60) updateSettings({ video: { frameRate } });
        }}
      />
      <SettingSwitch
        label="Start recording automatically"
        description="Recording starts as soon as the studio's screen and camera are ready, without pressing Start."
        checked={video.autoStart}
        onToggle={(checked) => {
          updateSettings({ video: { autoStart: checked } });
        }}
      />
    </SettingsCard>
  );
}
