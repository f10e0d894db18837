import { Badge } from '@mantine/core';
import type { GuideEntry } from '../catalog';

// Beginner green, intermediate yellow, advanced red. Shades are picked for 4.5:1
// contrast with the badge text (Mantine's greens are too light for white text; yellow takes dark text).
const STYLE: Record<GuideEntry['difficulty'], { color: string; label: string; autoContrast?: boolean }> = {
  beginner: { color: '#2b7a3b', label: 'Beginner' },
  intermediate: { color: 'yellow.4', label: 'Intermediate', autoContrast: true },
  advanced: { color: 'red.9', label: 'Advanced' },
};

export function DifficultyBadge({ difficulty }: { readonly difficulty: GuideEntry['difficulty'] }) {
  const style = STYLE[difficulty];
  return (
    <Badge color={style.color} variant="filled" autoContrast={style.autoContrast} size="lg">
      {style.label}
    </Badge>
  );
}
