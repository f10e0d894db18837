/**
 * The files one room recording writes on the host's computer: planned at Start for the mode, each
 * held under a Web Lock while it is written (so the library in any tab never offers to recover or
 * discard a live file; a crash releases the locks and the files become recoverable), and named for
 * download when they are finished.
 */
import { holdRecordingLock } from '../../../media';
import type { RoomRecordingMode } from '../../../protocol';
import type { RoomOutputSpec } from '../../../media';
import { recordingPlan, type PlanParticipant, type PlanSettings } from './room-recording-plan';

export class RoomRecordingOutputs {
  readonly fileNames = new Map<string, string>();
  private readonly createdAt = new Date();
  /** Everyone who appears in the recording (its participant count). */
  private readonly recorded = new Set<string>();
  private readonly locks = new Map<string, () => void>();

  constructor(
    readonly mode: RoomRecordingMode,
    private readonly settings: PlanSettings,
    /** Holds a file's lock until the returned function is called (Web Locks in the app). */
    private readonly holdLock: (recordingId: string) => () => void = holdRecordingLock,
  ) {}

  get participantCount(): number {
    return this.recorded.size;
  }

  /** The outputs to start with, for the participants in the room now. */
  plan(participants: readonly PlanParticipant[]): RoomOutputSpec[] {
    const plan = recordingPlan(this.mode, participants, this.settings, this.createdAt, () => crypto.randomUUID());
    for (const output of plan) {
      this.fileNames.set(output.spec.recordingId, output.fileName);
      for (const tile of output.spec.tiles) this.recorded.add(tile.sourceId);
      this.lock(output.spec.recordingId);
    }
    return plan.map((o) => o.spec);
  }

  /** The recording ids of the `room-separate` files this recording writes here. */
  get trackIds(): readonly string[] {
    return this.mode === 'separate' ? [...this.fileNames.keys()] : [];
  }

  /**
   * Someone joined mid-recording: counted in the mixed picture. In separate mode they record their
   * own track on their own computer, so nothing is added here.
   */
  joined(participant: PlanParticipant): void {
    if (this.mode !== 'mixed' || this.recorded.has(participant.id)) return;
    this.recorded.add(participant.id);
  }

  /** The files are finished (or given up): the library may treat them as any other recording. */
  release(): void {
    for (const release of this.locks.values()) release();
    this.locks.clear();
  }

  private lock(recordingId: string): void {
    if (!this.locks.has(recordingId)) this.locks.set(recordingId, this.holdLock(recordingId));
  }
}
