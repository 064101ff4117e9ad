// The strokes the agent draws over the shared window (docs/protocol.md §12.7),
// as the protocol carries them. Pure.

/** A stroke is a line through 1–2,000 points. */
export const MAX_STROKE_POINTS = 2_000;

/**
 * At most `max` of the points in `points` (window pixels written flat,
 * `[x0, y0, x1, y1, …]`, in drawing order), spread evenly along the line: the
 * first and the last are always kept, and a line that is short enough comes
 * back unchanged.
 */
export function thinnedPoints(points, max = MAX_STROKE_POINTS) {
  const count = points.length / 2;
  if (count <= max) return points;
  if (max === 1) return points.slice(0, 2);
  const step = (count - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => 2 * Math.round(index * step))
    .flatMap((at) => [points[at], points[at + 1]]);
}

/**
 * The `stroke` of an `annotate` message: `{ id, color, width, points }`, with
 * its points (flat, at least one) thinned to at most 2,000.
 */
export function strokeOf(id, color, width, points) {
  return { id, color, width, points: thinnedPoints(points) };
}
