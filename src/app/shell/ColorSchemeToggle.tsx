import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrated } from '@tanstack/react-router';
import { useState } from 'react';
import classes from './Shell.module.css';

const NEXT: Record<MantineColorScheme, MantineColorScheme> = { light: 'dark', dark: 'auto', auto: 'light' };
const LABEL: Record<MantineColorScheme, string> = { light: 'light', dark: 'dark', auto: 'system' };

export function ColorSchemeToggle() {
  const { colorScheme: stored, setColorScheme } = useMantineColorScheme();
  // Escape hides the hint (WCAG 1.4.13) until the pointer or focus leaves.
  const [dismissed, setDismissed] = useState(false);
  // The prerendered HTML cannot know this browser's stored choice: show "system" until hydrated.
  const colorScheme = useHydrated() ? stored : 'auto';
  const next = NEXT[colorScheme];
  const label = `Colour scheme: ${LABEL[colorScheme]}. Switch to ${LABEL[next]}`;
  const Icon = colorScheme === 'light' ? IconSun : colorScheme === 'dark' ? IconMoon : IconDeviceDesktop;
  // The hint is drawn by CSS (Shell.module.css), not Mantine's Tooltip: every page has this button, and
  // the Tooltip's positioning library is 15 KB of gzip (docs/decisions/0016-first-load.md).
  return (
    <span
      className={classes.hint}
      data-hint={label}
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onBlur={() => setDismissed(false)}
      onMouseLeave={() => setDismissed(false)}
    >
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </span>
  );
}
