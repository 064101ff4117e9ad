// Where a point on the shared window's canvas lies in the visitor's window
// (docs/protocol.md §12.6: window pixels, as in the frames). Pure.

/**
 * The window pixel under a point of the canvas, as integers inside the window,
 * or `null` when the point is beside the picture.
 *
 * `x` and `y` are CSS pixels from the canvas's top-left corner, `box` is the
 * canvas's displayed size in CSS pixels, and `picture` the window's size in
 * pixels. The canvas shows the picture with `object-fit: contain`: one scale
 * for both axes, centred, with empty bands on two sides of it.
 */
export function windowPoint(x, y, box, picture) {
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  if (!(scale > 0)) return null;
  const windowX = (x - (box.width - picture.width * scale) / 2) / scale;
  const windowY = (y - (box.height - picture.height * scale) / 2) / scale;
  if (windowX < 0 || windowY < 0 || windowX > picture.width || windowY > picture.height) return null;
  // The far edge itself belongs to the last pixel.
  return {
    x: Math.min(Math.floor(windowX), picture.width - 1),
    y: Math.min(Math.floor(windowY), picture.height - 1),
  };
}
