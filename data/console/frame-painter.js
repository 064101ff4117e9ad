// Draws checked co-browse frames onto a canvas that holds the shared window at
// its real size, strictly in arrival order although PNG decoding is async.

import { ENCODING_PNG, ENCODING_SOLID } from "./cobrowse-frame.js";

/** The outcome of one `paint`. */
export const PAINTED = "painted";
/** A PNG tile could not be decoded, or is not the tile's size: nothing of the frame was drawn. */
export const FAILED = "failed";
/** A frame that builds on a picture a failed frame left incomplete: not drawn. */
export const SKIPPED = "skipped";
/** `cancel` came before the frame's turn. */
export const CANCELLED = "cancelled";

/** Paints frames onto `canvas`; its width and height follow each keyframe's window size. */
export class FramePainter {
  #canvas;
  #context;
  #turn = Promise.resolve();
  #generation = 0;
  #pictureComplete = false;

  constructor(canvas) {
    this.#canvas = canvas;
    this.#context = canvas.getContext("2d");
  }

  /**
   * Queues a frame. Its PNG tiles start decoding at once; it is drawn after
   * every frame queued before it. Resolves to `PAINTED`, `FAILED`, `SKIPPED`
   * or `CANCELLED`, never rejects.
   */
  paint(frame) {
    const generation = this.#generation;
    const pictures = frame.tiles.map((tile) => (tile.encoding === ENCODING_PNG ? decodePng(tile.payload) : null));
    const outcome = this.#turn.then(() => this.#draw(frame, pictures, generation)).catch((error) => {
      // A rejected turn would stop every later frame: report it as a failed frame instead.
      console.warn("Assist console: a shared-window frame could not be drawn.", error);
      this.#pictureComplete = false;
      return FAILED;
    });
    this.#turn = outcome;
    return outcome;
  }

  /** Frames queued so far will not be drawn; the picture stays as it is. */
  cancel() {
    this.#generation += 1;
  }

  /** Cancels queued frames and empties the picture (a new share starts from nothing). */
  reset() {
    this.cancel();
    this.#pictureComplete = false;
    this.#canvas.width = 0;
    this.#canvas.height = 0;
  }

  async #draw(frame, pictures, generation) {
    const bitmaps = await Promise.all(pictures);
    try {
      if (generation !== this.#generation) return CANCELLED;
      const readable = frame.tiles.every((tile, index) => tile.encoding !== ENCODING_PNG || fits(bitmaps[index], tile));
      if (!readable) {
        this.#pictureComplete = false;
        return FAILED;
      }
      if (frame.keyframe) {
        this.#startPicture(frame.width, frame.height);
      } else if (!this.#pictureComplete) {
        return SKIPPED;
      }
      frame.tiles.forEach((tile, index) => this.#drawTile(tile, bitmaps[index]));
      this.#pictureComplete = true;
      return PAINTED;
    } finally {
      bitmaps.forEach((bitmap) => bitmap?.close());
    }
  }

  #startPicture(width, height) {
    if (this.#canvas.width === width && this.#canvas.height === height) {
      this.#context.clearRect(0, 0, width, height);
    } else {
      this.#canvas.width = width; // resizing also clears the canvas
      this.#canvas.height = height;
    }
  }

  /**
   * A tile replaces what was under it: its pixels are the window's (straight
   * alpha), not a layer over the previous picture. So a tile that may be
   * translucent clears its rectangle first; an opaque solid fill covers it anyway.
   */
  #drawTile(tile, bitmap) {
    const { x, y, width, height } = tile;
    const context = this.#context;
    if (tile.encoding === ENCODING_SOLID) {
      const [red, green, blue, alpha] = tile.payload;
      if (alpha < 255) context.clearRect(x, y, width, height);
      context.fillStyle = `rgba(${red}, ${green}, ${blue}, ${alpha / 255})`;
      context.fillRect(x, y, width, height);
    } else {
      context.clearRect(x, y, width, height);
      context.drawImage(bitmap, x, y);
    }
  }
}

/** Decodes a PNG payload; resolves to the bitmap, or `null` when it cannot be decoded. */
function decodePng(payload) {
  return createImageBitmap(new Blob([payload], { type: "image/png" })).catch(() => null);
}

function fits(bitmap, tile) {
  return bitmap !== null && bitmap.width === tile.width && bitmap.height === tile.height;
}
