import { describe, expect, it } from 'vitest';
import { AD_PHOTO_MAX_BYTES, checkPhotoFile } from '../../../client/ad-photos/photo-rules.ts';
import { summarise } from '../../../client/ad-photos/upload-summary.ts';
import { AD_PHOTO_MAX_BYTES as SERVER_MAX } from '../../../sync-server/ad-photos/photo-limits.ts';

describe('which picked files the device keeps', () => {
  it('keeps phone photos by type, or by name when the picker gives no type', () => {
    expect(checkPhotoFile({ name: 'IMG_0001.JPG', type: 'image/jpeg', size: 3_000_000 })).toBeUndefined();
    expect(checkPhotoFile({ name: 'IMG_0002.PNG', type: 'image/png', size: 2_000_000 })).toBeUndefined();
    expect(checkPhotoFile({ name: 'shot.webp', type: '', size: 200_000 })).toBeUndefined();
  });

  it('refuses what is not a photo, an empty file and one over 15 MB, with a reason', () => {
    expect(checkPhotoFile({ name: 'run.sh', type: 'application/x-sh', size: 100 })).toBe('not-a-photo');
    expect(checkPhotoFile({ name: 'clip.gif', type: 'image/gif', size: 100 })).toBe('not-a-photo');
    // This server cannot decode HEIC: refused here rather than after its upload.
    expect(checkPhotoFile({ name: 'IMG_0003.HEIC', type: 'image/heic', size: 2_000_000 })).toBe('not-a-photo');
    expect(checkPhotoFile({ name: 'notes', type: '', size: 100 })).toBe('not-a-photo');
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe('empty');
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: AD_PHOTO_MAX_BYTES + 1 })).toBe('too-large');
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: AD_PHOTO_MAX_BYTES })).toBeUndefined();
  });

  it('has the same bound as the server', () => {
    expect(AD_PHOTO_MAX_BYTES).toBe(SERVER_MAX);
  });
});

describe("an ad's photo progress", () => {
  const states = new Map([
    ['a', { state: 'uploaded' as const, sent: 10, size: 10 }],
    ['b', { state: 'queued' as const, sent: 5, size: 10 }],
    ['c', { state: 'failed' as const, sent: 10, size: 10, failure: 'photo must be a JPEG, PNG or WebP photo' }],
  ]);

  it('counts uploaded photos, and those not on this device (sent from another, or long ago)', () => {
    expect(summarise(['a', 'b', 'elsewhere'], states)).toEqual({ uploaded: 2, total: 3, failed: undefined });
  });

  it("names the server's reason for a refused photo", () => {
    expect(summarise(['a', 'c'], states)).toEqual({
      uploaded: 1,
      total: 2,
      failed: 'photo must be a JPEG, PNG or WebP photo',
    });
  });
});
