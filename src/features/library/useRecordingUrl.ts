import { useEffect, useState } from 'react';
import { errorIdentity } from '../../shared/error-identity';
import { readRecordingFile } from '../../media';

export interface RecordingUrl {
  url: string | null;
  /** Why the stored file could not be read (storage updated in another tab, cleared, failing). */
  error: string | null;
}

/** An object URL for a stored recording while the component is mounted (the Blob stays disk-backed). */
export function useRecordingUrl(id: string, version: number, mimeType?: string): RecordingUrl {
  const [state, setState] = useState<RecordingUrl>({ url: null, error: null });
  useEffect(() => {
    let created: string | null = null;
    let cancelled = false;
    readRecordingFile(id, mimeType).then(
      (blob) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setState({ url: created, error: null });
      },
      (error: unknown) => {
        if (!cancelled) setState({ url: null, error: errorIdentity(error).message });
      },
    );
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id, version, mimeType]);
  return state;
}
