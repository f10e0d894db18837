import { useEffect, useState } from 'react';
import { readRecordingFile } from '../../shared/storage/recordings-db';

/** An object URL for a stored recording while the component is mounted (the Blob stays disk-backed). */
export function useRecordingUrl(id: string, version: number, mimeType?: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    let cancelled = false;
    void readRecordingFile(id, mimeType).then((blob) => {
      if (cancelled) return;
      created = URL.createObjectURL(blob);
      setUrl(created);
    });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id, version, mimeType]);
  return url;
}
