import { describe, expect, it } from 'vitest';
import {
  MEDIA_SCALE_MAX,
  MEDIA_SCALE_MIN,
  mediaScaleAccepted,
  nextRotation,
  rotatedSideways,
  zoomedScale,
} from './composer';

describe('the image editor (03 §5)', () => {
  it('cycles the rotation through four steps', () => {
    expect(nextRotation(0)).toBe(90);
    expect(nextRotation(90)).toBe(180);
    expect(nextRotation(180)).toBe(270);
    expect(nextRotation(270)).toBe(0);
    expect([0, 90, 180, 270].map((each) => rotatedSideways(each as 0))).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('rejects a scale of 0 or of 7 and above', () => {
    expect(mediaScaleAccepted(0)).toBe(false);
    expect(mediaScaleAccepted(-1)).toBe(false);
    expect(mediaScaleAccepted(7)).toBe(false);
    expect(mediaScaleAccepted(8)).toBe(false);
    expect(mediaScaleAccepted(Number.NaN)).toBe(false);
    expect(mediaScaleAccepted(0.01)).toBe(true);
    expect(mediaScaleAccepted(6.99)).toBe(true);
  });

  it('zooms one step at a time within its bounds', () => {
    expect(zoomedScale(1, 1)).toBe(1.5);
    expect(zoomedScale(1.5, -1)).toBe(1);
    expect(zoomedScale(MEDIA_SCALE_MIN, -1)).toBe(MEDIA_SCALE_MIN);
    expect(zoomedScale(MEDIA_SCALE_MAX, 1)).toBe(MEDIA_SCALE_MAX);
    expect(MEDIA_SCALE_MAX).toBeLessThan(7);
    expect(MEDIA_SCALE_MIN).toBeGreaterThan(0);
  });
});
