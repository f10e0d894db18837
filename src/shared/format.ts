const pad2 = (n: number): string => String(n).padStart(2, '0');

export function formatDuration(totalSeconds: number): string {
  // Timers can briefly report NaN or a negative delta before the first frame;
  // a zero reading is less alarming than garbage in the UI.
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '00:00';
  const whole = Math.floor(totalSeconds);
  // Minutes are not wrapped into hours so long recordings stay in one mm:ss format.
  return `${pad2(Math.floor(whole / 60))}:${pad2(whole % 60)}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit] ?? 'GB'}`;
}

export function recordingFileName(mode: string, date: Date): string {
  // ':' is not allowed in file names on Windows and macOS Finder shows it as '/'.
  return `recording-${mode}-${date.toISOString().replaceAll(':', '-')}.webm`;
}

/** "bottom-right" → "Bottom Right": option values shown as labels. */
export function titleCase(value: string): string {
  return value
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
