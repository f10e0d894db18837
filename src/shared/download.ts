/** Hands a URL to the browser as a download named `fileName`. */
export function downloadUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Downloads a Blob, keeping its object URL alive long enough for the download to start. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
