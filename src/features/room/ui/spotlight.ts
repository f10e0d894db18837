/**
 * Who the room shows large above the others: the participant someone pinned; in Speaker view, when
 * nobody is pinned, the active speaker, or until anyone is heard the first of the others.
 */
export interface Spotlight {
  id: string;
  why: 'pinned' | 'speaker';
}

export function spotlightOf(
  participants: readonly { id: string; isLocal: boolean }[],
  pinnedId: string | null,
  speakerView: boolean,
  speaker: string | null,
): Spotlight | null {
  if (pinnedId !== null && participants.some((p) => p.id === pinnedId)) return { id: pinnedId, why: 'pinned' };
  if (!speakerView) return null;
  const others = participants.filter((p) => !p.isLocal);
  const id = others.find((p) => p.id === speaker)?.id ?? others[0]?.id;
  return id === undefined ? null : { id, why: 'speaker' };
}
