import { describe, expect, it } from 'vitest';

import { centredCrop, clampCrop, moveTo, positionOf, sourceSquare, zoomTo } from './avatar-crop.ts';

const landscape = { width: 400, height: 200 };

describe('the avatar crop', () => {
  it('starts with the centred square of the picture', () => {
    const crop = centredCrop(landscape, 100);
    expect(crop).toEqual({ zoom: 1, x: -50, y: 0 });
    expect(sourceSquare(landscape, 100, crop)).toEqual({ x: 100, y: 0, size: 200 });
  });

  it('never lets the picture leave part of the viewport empty', () => {
    expect(clampCrop(landscape, 100, { zoom: 1, x: 30, y: 20 })).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop(landscape, 100, { zoom: 1, x: -500, y: -500 })).toEqual({
      zoom: 1,
      x: -100,
      y: 0,
    });
    expect(clampCrop(landscape, 100, { zoom: 0.2, x: 0, y: 0 }).zoom).toBe(1);
    expect(clampCrop(landscape, 100, { zoom: 9, x: 0, y: 0 }).zoom).toBe(4);
  });

  it('zooms around the centre of the viewport', () => {
    const zoomed = zoomTo(landscape, 100, centredCrop(landscape, 100), 2);
    const square = sourceSquare(landscape, 100, zoomed);
    expect(square.size).toBe(100);
    expect(square.x + square.size / 2).toBe(200);
    expect(square.y + square.size / 2).toBe(100);
  });
});

describe('the avatar crop position', () => {
  it('reads and sets how far the picture is moved along each axis', () => {
    const start = centredCrop(landscape, 100);
    expect(positionOf(landscape, 100, start, 'x')).toBe(50);
    expect(positionOf(landscape, 100, start, 'y')).toBe(0);
    const right = moveTo(landscape, 100, start, 'x', 100);
    expect(sourceSquare(landscape, 100, right)).toEqual({ x: 200, y: 0, size: 200 });
    const zoomed = zoomTo(landscape, 100, start, 2);
    const bottom = moveTo(landscape, 100, zoomed, 'y', 100);
    expect(sourceSquare(landscape, 100, bottom)).toMatchObject({ y: 100, size: 100 });
  });
});
