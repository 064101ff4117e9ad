// Paints the person's screen from its video track (docs/protocol.md §13.5)
// into the canvas the co-browse tiles paint, at the video's own size, so that
// everything reading that canvas sees one picture whichever way it came.

/**
 * Plays a stream in a video element that is never put in the page (so it is
 * neither laid out nor in the accessibility tree) and draws each frame it
 * presents onto `canvas`, resizing the canvas to the video's size. Calls
 * `painted(width, height)` after every frame drawn.
 */
export class VideoPainter {
  #canvas;
  #context;
  #painted;
  #video = document.createElement("video");
  /** The pending `requestVideoFrameCallback`, or `null` while nothing plays. */
  #request = null;

  constructor(canvas, painted) {
    this.#canvas = canvas;
    this.#context = canvas.getContext("2d");
    this.#painted = painted;
    this.#video.muted = true;
    this.#video.playsInline = true;
    this.#video.autoplay = true;
  }

  /** Paints `stream`'s frames from now on; `null` stops painting, and the canvas keeps the last frame. */
  show(stream) {
    if (this.#video.srcObject === stream) return;
    if (this.#request !== null) this.#video.cancelVideoFrameCallback(this.#request);
    this.#request = null;
    this.#video.srcObject = stream;
    if (stream === null) return;
    this.#request = this.#video.requestVideoFrameCallback(() => this.#frame());
    this.#video.play().catch((error) => {
      // A newer stream (or none) interrupts the play() of the one before: nothing is wrong then.
      if (error.name !== "AbortError") console.warn("Assist console: the shared screen's video does not play.", error);
    });
  }

  #frame() {
    this.#request = this.#video.requestVideoFrameCallback(() => this.#frame());
    const { videoWidth: width, videoHeight: height } = this.#video;
    if (width === 0 || height === 0) return;
    if (this.#canvas.width !== width || this.#canvas.height !== height) {
      this.#canvas.width = width;
      this.#canvas.height = height;
    }
    this.#context.drawImage(this.#video, 0, 0, width, height);
    this.#painted(width, height);
  }
}
