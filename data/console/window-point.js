// Where a point on the shared window's canvas lies in the visitor's window,
// and back (docs/protocol.md §12.6, §12.7: window pixels, as in the frames). Pure.

/**
 * Where the picture is drawn in a canvas box that shows it with
 * `object-fit: contain`: one scale for both axes, centred, with empty bands
 * on two sides of it. Returns `{ scale, left, top }` (CSS pixels from the
 * box's top-left corner to the picture's), or `null` when nothing can be shown.
 *
 * `box` is the canvas's displayed size in CSS pixels and `picture` the
 * window's size in pixels.
 */
export function pictureLayout(box, picture) {
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  if (!(scale > 0) || !Number.isFinite(scale)) return null;
  return {
    scale,
    left: (box.width - picture.width * scale) / 2,
    top: (box.height - picture.height * scale) / 2,
  };
}

/**
 * The window pixel under a point of the canvas, as integers inside the window,
 * or `null` when the point is beside the picture.
 *
 * `x` and `y` are CSS pixels from the canvas's top-left corner; `box` and
 * `picture` are as for `pictureLayout`.
 */
export function windowPoint(x, y, box, picture) {
  const layout = pictureLayout(box, picture);
  if (!layout) return null;
  const windowX = (x - layout.left) / layout.scale;
  const windowY = (y - layout.top) / layout.scale;
  if (windowX < 0 || windowY < 0 || windowX > picture.width || windowY > picture.height) return null;
  return pixelOf(windowX, windowY, picture);
}

/**
 * Like `windowPoint`, but a point beside the picture is moved to the nearest
 * pixel of the window (a drag that leaves the picture keeps to its edge).
 * `null` only when nothing can be shown.
 */
export function nearestWindowPoint(x, y, box, picture) {
  const layout = pictureLayout(box, picture);
  if (!layout) return null;
  const windowX = Math.max(0, (x - layout.left) / layout.scale);
  const windowY = Math.max(0, (y - layout.top) / layout.scale);
  return pixelOf(windowX, windowY, picture);
}

/** The pixel a point of the window (0 or more on both axes) lies in; the far edges belong to the last pixel. */
function pixelOf(windowX, windowY, picture) {
  return {
    x: Math.min(Math.floor(windowX), picture.width - 1),
    y: Math.min(Math.floor(windowY), picture.height - 1),
  };
}
