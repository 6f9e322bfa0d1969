// The square crop of a picture chosen as avatar: the picture, scaled to cover a square viewport
// and zoomed, is moved under it; what the viewport shows is what is uploaded.

export interface CropState {
  /** 1 = the picture's shorter side just fills the viewport. */
  zoom: number;
  /** Where the picture's top-left corner is, in viewport pixels (≤ 0). */
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

function scaleOf(image: { width: number; height: number }, viewport: number, zoom: number) {
  return (viewport / Math.min(image.width, image.height)) * zoom;
}

/** Keeps the picture covering the whole viewport. */
export function clampCrop(
  image: { width: number; height: number },
  viewport: number,
  crop: CropState,
): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, crop.zoom));
  const scale = scaleOf(image, viewport, zoom);
  const clamp = (value: number, size: number) =>
    Math.min(0, Math.max(viewport - size * scale, value));
  return { zoom, x: clamp(crop.x, image.width), y: clamp(crop.y, image.height) };
}

/** The picture centred under the viewport at zoom 1. */
export function centredCrop(image: { width: number; height: number }, viewport: number): CropState {
  const scale = scaleOf(image, viewport, 1);
  return clampCrop(image, viewport, {
    zoom: 1,
    x: (viewport - image.width * scale) / 2,
    y: (viewport - image.height * scale) / 2,
  });
}

/** A new zoom, keeping the viewport's centre on the same point of the picture. */
export function zoomTo(
  image: { width: number; height: number },
  viewport: number,
  crop: CropState,
  zoom: number,
): CropState {
  const before = scaleOf(image, viewport, crop.zoom);
  const after = scaleOf(image, viewport, Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)));
  const centre = viewport / 2;
  return clampCrop(image, viewport, {
    zoom,
    x: centre - ((centre - crop.x) / before) * after,
    y: centre - ((centre - crop.y) / before) * after,
  });
}

/** The square of the picture (in its own pixels) that the viewport shows. */
export function sourceSquare(
  image: { width: number; height: number },
  viewport: number,
  crop: CropState,
): { x: number; y: number; size: number } {
  const scale = scaleOf(image, viewport, crop.zoom);
  // `+ 0` turns a negative zero into zero.
  return { x: -crop.x / scale + 0, y: -crop.y / scale + 0, size: viewport / scale };
}

/** How far the picture is moved along one axis, 0 (its start shows) to 100 (its end shows). */
export function positionOf(
  image: { width: number; height: number },
  viewport: number,
  crop: CropState,
  axis: 'x' | 'y',
): number {
  const room = (axis === 'x' ? image.width : image.height) * scaleOf(image, viewport, crop.zoom);
  const travel = room - viewport;
  return travel <= 0 ? 0 : (-crop[axis] / travel) * 100 + 0;
}

/** The crop with the picture moved to a position (0-100) along one axis. */
export function moveTo(
  image: { width: number; height: number },
  viewport: number,
  crop: CropState,
  axis: 'x' | 'y',
  position: number,
): CropState {
  const room = (axis === 'x' ? image.width : image.height) * scaleOf(image, viewport, crop.zoom);
  const travel = Math.max(0, room - viewport);
  return clampCrop(image, viewport, { ...crop, [axis]: -(position / 100) * travel });
}
