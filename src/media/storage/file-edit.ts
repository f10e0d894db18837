/**
 * Applies a small edit (truncate, overwrite a few ranges, append a tail) to a file stored as
 * position-keyed chunks, touching only the chunks the edit reaches. Pure: the storage module
 * reads and writes the chunks around it.
 */

export interface FileEdit {
  /** Bytes kept from the start; chunks wholly after this are deleted. */
  truncateAt: number;
  /** Overwrites inside the kept bytes. */
  patches: readonly { position: number; bytes: Uint8Array }[];
  /** Appended at `truncateAt` as a chunk of its own (may be empty). */
  tail: Uint8Array;
}

export interface ChunkExtent {
  position: number;
  size: number;
}

export interface ChunkEditPlan {
  /** Chunks whose bytes change (cut short or patched). */
  rewrite: ChunkExtent[];
  /** Positions of chunks that lie wholly past the truncation point. */
  remove: number[];
}

export function planChunkEdits(chunks: readonly ChunkExtent[], edit: FileEdit): ChunkEditPlan {
  const rewrite: ChunkExtent[] = [];
  const remove: number[] = [];
  for (const chunk of chunks) {
    const end = chunk.position + chunk.size;
    if (chunk.position >= edit.truncateAt) remove.push(chunk.position);
    else if (end > edit.truncateAt || edit.patches.some((p) => p.position < end && p.position + p.bytes.length > chunk.position)) rewrite.push(chunk);
  }
  return { rewrite, remove };
}

/** The new bytes of one chunk: cut at the truncation point, with every patch that reaches it applied. */
export function editChunk(chunk: ChunkExtent, bytes: Uint8Array, edit: FileEdit): Uint8Array {
  const out = bytes.slice(0, Math.max(0, Math.min(bytes.length, edit.truncateAt - chunk.position)));
  const end = chunk.position + out.length;
  for (const patch of edit.patches) {
    const from = Math.max(patch.position, chunk.position);
    const to = Math.min(patch.position + patch.bytes.length, end);
    if (from < to) out.set(patch.bytes.subarray(from - patch.position, to - patch.position), from - chunk.position);
  }
  return out;
}
