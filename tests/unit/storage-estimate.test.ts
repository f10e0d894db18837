import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageEstimate } from '../../src/media/storage/storage-estimate';

const withEstimate = (estimate: (() => Promise<StorageEstimate>) | undefined) => vi.stubGlobal('navigator', { storage: estimate ? { estimate } : {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storageEstimate', () => {
  it('gives the quota and usage the browser reports, an unreported usage as none', async () => {
    withEstimate(() => Promise.resolve({ quota: 10_000, usage: 2_500 }));
    expect(await storageEstimate()).toEqual({ quota: 10_000, usage: 2_500 });
    withEstimate(() => Promise.resolve({ quota: 10_000 }));
    expect(await storageEstimate()).toEqual({ quota: 10_000, usage: 0 });
  });

  it('says nothing is known with no StorageManager, an estimate refused, or one without a quota', async () => {
    vi.stubGlobal('navigator', {});
    expect(await storageEstimate()).toBeNull();
    withEstimate(undefined);
    expect(await storageEstimate()).toBeNull();
    withEstimate(() => Promise.reject(new DOMException('no', 'SecurityError')));
    expect(await storageEstimate()).toBeNull();
    withEstimate(() => Promise.resolve({ usage: 5 }));
    expect(await storageEstimate()).toBeNull();
    withEstimate(() => Promise.resolve({ quota: 0, usage: 0 }));
    expect(await storageEstimate()).toBeNull();
  });
});
