import type { Size } from './overlay-geometry';

export type VpxCodec = 'vp9' | 'vp8';

// VP9 levels by the largest picture they allow (luma samples), from the VP9 level definitions.
const VP9_LEVELS: readonly (readonly [maxLumaSamples: number, level: string])[] = [
  [983_040, '31'],
  [2_228_224, '41'],
  [8_912_896, '51'],
  [35_651_584, '61'],
];

/**
 * The WebCodecs codec string for a VP9 (profile 0, 8 bit) or VP8 recording whose largest picture is
 * `size`; smaller pictures later in the same stream fit the same level.
 */
export function vpxCodecString(codec: VpxCodec, size: Size): string {
  if (codec === 'vp8') return 'vp8';
  const samples = size.width * size.height;
  const level = VP9_LEVELS.find(([max]) => samples <= max)?.[1] ?? '62';
  return `vp09.00.${level}.08`;
}
