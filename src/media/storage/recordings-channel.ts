/** Tells the app's other tabs that the stored recordings changed, so their lists refresh. */
const CHANNEL = 'framecast-recordings';

export function announceRecordingsChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function listenForRecordingsChanges(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = onChange;
  return () => {
    channel.close();
  };
}
