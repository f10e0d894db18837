/**
 * What the "Update available" prompt shows and allows. Pure, so the rule "never reload while a
 * recording is in progress" is tested on its own.
 */

export type UpdatePhase = 'none' | 'waiting' | 'dismissed' | 'applying';

export interface UpdatePromptView {
  readonly visible: boolean;
  readonly canReload: boolean;
  readonly message: string;
}

export function updatePromptView(phase: UpdatePhase, recording: boolean): UpdatePromptView {
  if (phase === 'none' || phase === 'dismissed') return { visible: false, canReload: false, message: '' };
  if (phase === 'applying') return { visible: true, canReload: false, message: 'Updating…' };
  if (recording) {
    return {
      visible: true,
      canReload: false,
      message: 'A new version of Framecast is ready. You can reload once your recording is finished.',
    };
  }
  return { visible: true, canReload: true, message: 'A new version of Framecast is ready. Reload to use it.' };
}

/** The user asked to reload: allowed only when no recording runs. */
export function acceptUpdate(phase: UpdatePhase, recording: boolean): UpdatePhase {
  return phase === 'waiting' && !recording ? 'applying' : phase;
}
