import { createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Filled buttons and badges pick dark or light text by their colour's luminance: white on the
  // yellow Pause button read at about 2:1.
  autoContrast: true,
  // Modals, menus and notifications appear at once for people who ask for less motion.
  respectReducedMotion: true,
  components: {
    // Mantine's close button is an icon with no name: every notification's gets one here. Its text
    // under a title is a grey that reads at under 4.5:1; the dimmed colour (tuned below) does not.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Mantine's default dimmed text, links and filled buttons fall just under the WCAG AA
 * contrast ratio (4.5:1); these shades keep every text above it in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.blue[8],
    '--mantine-color-blue-filled': t.colors.blue[8],
    '--mantine-color-blue-filled-hover': t.colors.blue[9],
    '--mantine-color-blue-light-color': t.colors.blue[9],
    // Warning titles on their pale backgrounds: Mantine's yellow and orange text reads at about 3:1.
    '--mantine-color-yellow-light-color': '#7a4a00',
    '--mantine-color-orange-light-color': '#8f3a00',
    // Success and error titles likewise: Mantine's teal, green and red read at 2.2–2.9:1 there.
    '--mantine-color-teal-light-color': '#07704f',
    '--mantine-color-green-light-color': '#246b33',
    '--mantine-color-red-light-color': t.colors.red[9],
    // Red text (a failure said in place) read at 4:1 on white and less on a pale alert.
    '--mantine-color-red-text': t.colors.red[9],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-blue-filled': t.colors.blue[8],
    '--mantine-color-blue-filled-hover': t.colors.blue[9],
    // Red text on a tinted (yellow) alert read under 4.5:1 with Mantine's red-4.
    '--mantine-color-red-text': t.colors.red[2],
  },
});
