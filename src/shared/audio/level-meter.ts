/** How loud a microphone is, for the studio's and the floating window's level meters. */

/** Root mean square of a block of samples in −1…1: 0 for silence, about 0.7 for a full-scale sine. */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / samples.length);
}

/** Maps RMS (0–1) to a meter that moves for speech: −60 dB at empty, 0 dB at full, as 0–100. */
export function meterPercent(rms: number): number {
  return rms <= 0 ? 0 : Math.max(0, Math.min(100, ((20 * Math.log10(rms) + 60) / 60) * 100));
}
