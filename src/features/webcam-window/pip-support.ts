/**
 * Document Picture-in-Picture: an always-on-top browser window that can hold any page content
 * (Chromium 116+). Feature detection only, on whatever global object is passed in.
 */
export interface PipWindowOptions {
  width?: number;
  height?: number;
  disallowReturnToOpener?: boolean;
  preferInitialWindowPlacement?: boolean;
}

export interface DocumentPipApi {
  requestWindow: (options?: PipWindowOptions) => Promise<Window>;
  readonly window: Window | null;
}

/** The Document Picture-in-Picture API of `scope`, or null where the browser lacks it. */
export function documentPip(scope: unknown): DocumentPipApi | null {
  if (typeof scope !== 'object' || scope === null || !('documentPictureInPicture' in scope)) return null;
  const api = scope.documentPictureInPicture;
  if (typeof api !== 'object' || api === null || !('requestWindow' in api)) return null;
  return typeof api.requestWindow === 'function' ? (api as DocumentPipApi) : null;
}
