import { ActionIcon, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrated } from '@tanstack/react-router';

const NEXT: Record<MantineColorScheme, MantineColorScheme> = { light: 'dark', dark: 'auto', auto: 'light' };
const LABEL: Record<MantineColorScheme, string> = { light: 'light', dark: 'dark', auto: 'system' };

export function ColorSchemeToggle() {
  const { colorScheme: stored, setColorScheme } = useMantineColorScheme();
  // The prerendered HTML cannot know this browser's stored choice: show "system" until hydrated.
  const colorScheme = useHydrated() ? stored : 'auto';
  const next = NEXT[colorScheme];
  const label = `Colour scheme: ${LABEL[colorScheme]}. Switch to ${LABEL[next]}`;
  const Icon = colorScheme === 'light' ? IconSun : colorScheme === 'dark' ? IconMoon : IconDeviceDesktop;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
