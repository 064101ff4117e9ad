// The transparent layer over the shared window's picture that shows the
// agent's strokes (docs/protocol.md §12.7), sharp at any scale: it is redrawn
// at its displayed size whenever that or the picture's size changes.

import { pictureLayout } from "./window-point.js";

/**
 * Draws strokes (`{ color, width, points }`, points in window pixels written
 * flat) on `canvas`, which lies exactly over the picture's canvas, where the
 * picture shows them: the same `object-fit: contain` mapping, clipped to the
 * picture. `pictureSize()` gives the window's size, or `null` when no picture
 * is shown (then nothing is drawn).
 */
export class AnnotationLayer {
  #canvas;
  #context;
  #pictureSize;
  #strokes = [];

  constructor(canvas, pictureSize) {
    this.#canvas = canvas;
    this.#context = canvas.getContext("2d");
    this.#pictureSize = pictureSize;
    new ResizeObserver(() => this.redraw()).observe(canvas);
  }

  /** Shows these strokes, in order, instead of the ones shown so far. */
  show(strokes) {
    this.#strokes = strokes;
    this.redraw();
  }

  /**
   * `stroke`, one of the strokes shown, has a new last point: draws only its
   * newest piece (the stroke being drawn grows without redrawing the others).
   */
  extend(stroke) {
    const { points } = stroke;
    const from = Math.max(0, points.length - 4);
    this.#paint(() => this.#line(stroke, points.slice(from)));
  }

  /** Draws every stroke again, at the canvas's displayed size and the picture's current scale. */
  redraw() {
    const box = this.#canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(box.width * ratio);
    const height = Math.round(box.height * ratio);
    if (this.#canvas.width !== width || this.#canvas.height !== height) {
      this.#canvas.width = width; // resizing also clears the canvas
      this.#canvas.height = height;
    } else {
      this.#context.setTransform(1, 0, 0, 1, 0, 0);
      this.#context.clearRect(0, 0, width, height);
    }
    this.#paint(() => this.#strokes.forEach((stroke) => this.#line(stroke, stroke.points)));
  }

  /** Runs `draw` with the context set to window pixels and clipped to the picture. */
  #paint(draw) {
    const picture = this.#pictureSize();
    const box = this.#canvas.getBoundingClientRect();
    const layout = picture && pictureLayout(box, picture);
    if (!layout || this.#canvas.width === 0 || this.#canvas.height === 0) return;
    const context = this.#context;
    const ratioX = this.#canvas.width / box.width;
    const ratioY = this.#canvas.height / box.height;
    context.save();
    context.setTransform(ratioX * layout.scale, 0, 0, ratioY * layout.scale, ratioX * layout.left, ratioY * layout.top);
    context.beginPath();
    context.rect(0, 0, picture.width, picture.height);
    context.clip();
    context.lineCap = "round";
    context.lineJoin = "round";
    draw();
    context.restore();
  }

  /** Draws `points` (flat) of `stroke` through the middle of their pixels; one point is a dot. */
  #line({ color, width }, points) {
    const context = this.#context;
    context.beginPath();
    if (points.length === 2) {
      context.fillStyle = color;
      context.arc(points[0] + 0.5, points[1] + 0.5, width / 2, 0, 2 * Math.PI);
      context.fill();
      return;
    }
    context.strokeStyle = color;
    context.lineWidth = width;
    context.moveTo(points[0] + 0.5, points[1] + 0.5);
    for (let at = 2; at < points.length; at += 2) context.lineTo(points[at] + 0.5, points[at + 1] + 0.5);
    context.stroke();
  }
}
