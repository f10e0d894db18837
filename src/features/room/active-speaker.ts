/**
 * Who is speaking in the room, from the others' sound levels sampled a few times a second: in Speaker
 * view the active speaker is shown large and everyone above the threshold is outlined. The active
 * speaker is the last person heard: they keep the place while they speak, even if someone talks over
 * them, and hand it on once they have been quiet for a moment, so the picture does not flicker
 * between two people taking turns in quick succession.
 */

/** Speech into a microphone reads about −35 to −15 dBFS; a quiet room through it stays under −55. */
export const SPEAKING_DBFS = -45;
/** How long the active speaker must have been quiet before someone else takes the place. */
export const QUIET_BEFORE_HANDOVER_MS = 1200;

/** RMS (0–1) as dBFS; −Infinity for silence. */
export const dbfs = (rms: number): number => (rms > 0 ? 20 * Math.log10(rms) : -Infinity);

export class ActiveSpeaker {
  private current: string | null = null;
  /** When the active speaker was last heard. */
  private heardAt = 0;
  private speakingNow: ReadonlySet<string> = new Set();

  /** One sampling of every other participant's level (dBFS) at `now`; returns the active speaker. */
  update(levels: ReadonlyMap<string, number>, now: number): string | null {
    const speaking = [...levels].filter(([, level]) => level >= SPEAKING_DBFS).sort((a, b) => b[1] - a[1]);
    this.speakingNow = new Set(speaking.map(([id]) => id));
    if (this.current !== null && !levels.has(this.current)) this.current = null;
    if (this.current !== null && this.speakingNow.has(this.current)) {
      this.heardAt = now;
      return this.current;
    }
    const loudest = speaking[0]?.[0];
    if (loudest !== undefined && (this.current === null || now - this.heardAt >= QUIET_BEFORE_HANDOVER_MS)) {
      this.current = loudest;
      this.heardAt = now;
    }
    return this.current;
  }

  /** Everyone above the threshold at the last sampling. */
  get speaking(): ReadonlySet<string> {
    return this.speakingNow;
  }
}
