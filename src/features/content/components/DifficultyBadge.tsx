import { Badge } from '@mantine/core';
import type { GuideEntry } from '../catalog';

// Beginner green, intermediate yellow, advanced red, as the spec asks; dark text keeps yellow readable.
const STYLE: Record<GuideEntry['difficulty'], { color: string; label: string; autoContrast?: boolean }> = {
  beginner: { color: 'green.8', label: 'Beginner' },
  intermediate: { color: 'yellow.4', label: 'Intermediate', autoContrast: true },
  advanced: { color: 'red.8', label: 'Advanced' },
};

export function DifficultyBadge({ difficulty }: { readonly difficulty: GuideEntry['difficulty'] }) {
  const style = STYLE[difficulty];
  return (
    <Badge color={style.color} variant="filled" autoContrast={style.autoContrast} size="lg">
      {style.label}
    </Badge>
  );
}
