// One session's shared window (docs/protocol.md §12.3): the picture the
// visitor's app sends, as tiles or as a shared screen's video track (§13.5),
// what the agent is told about it, and when to ask the app for a keyframe.

import { CANCELLED, FAILED, FramePainter, PAINTED, SKIPPED } from "./frame-painter.js";
import { VideoPainter } from "./video-painter.js";
import { nearestWindowPoint, windowPoint } from "./window-point.js";

/** At most one `requestKeyframe` a second per session. */
const KEYFRAME_REQUEST_SPACING_MS = 1_000;

const STATUS = {
  waiting: () => "Waiting for the first picture…",
  live: ({ width, height, video }) => `${video ? "Live video" : "Live"} · ${width} × ${height} pixels`,
  stopped: () => "Sharing stopped",
};

/**
 * The `.shared-window` section of a session panel. Its `data-state` is `none`
 * (no share yet: hidden), `waiting` (accepted, no picture yet), `live` or
 * `stopped` (the last picture stays, dimmed); its `data-source` is `tiles` or
 * `video`, whichever painted the picture last.
 *
 * `events` are callbacks: `requestKeyframe()` sends the request to the server,
 * `stateChanged(state)` hears of every change of state, and `resized()` of
 * every keyframe that shows the window at a new size.
 */
export class SharedWindow {
  #section;
  #status;
  #canvas;
  #painter;
  #video;
  #requestKeyframe;
  #stateChanged;
  #resized;
  #state = "none";
  /** What painted the picture last: `"tiles"` (app frames) or `"video"` (the share's video track). */
  #source = "tiles";
  /** The size of the latest keyframe to arrive (it may not be drawn yet). */
  #size = null;
  /** The size of the picture on the canvas, as drawn. */
  #shownSize = null;
  #awaitingKeyframe = true;
  #arrivals = 0;
  #lastKeyframeArrival = 0;
  #lastRequestAt = -Infinity;
  #requestTimer = null;

  constructor(section, { requestKeyframe, stateChanged, resized }) {
    this.#section = section;
    this.#status = section.querySelector(".shared-window__status");
    this.#canvas = section.querySelector(".shared-window__picture");
    this.#painter = new FramePainter(this.#canvas);
    this.#video = new VideoPainter(this.#canvas, (width, height) => this.#videoShown(width, height));
    this.#requestKeyframe = requestKeyframe;
    this.#stateChanged = stateChanged;
    this.#resized = resized;
  }

  /** Names the section and the picture after the visitor. */
  setVisitor(name) {
    this.#section.setAttribute("aria-label", `${name}'s shared window`);
    this.#canvas.setAttribute("aria-label", `Picture of ${name}'s window`);
  }

  /** The visitor accepted a screen share: an empty picture until the first keyframe. */
  start() {
    this.#video.show(null);
    this.#painter.reset();
    delete this.#canvas.dataset.frame;
    this.#cancelRequest();
    this.#size = null;
    this.#shownSize = null;
    this.#awaitingKeyframe = true;
    this.#source = "tiles";
    this.#setState("waiting");
  }

  /** The share is over (either side stopped it, or the session ended): the last picture stays, dimmed. */
  stop() {
    if (!this.#active) return;
    this.#painter.cancel();
    this.#video.show(null);
    this.#cancelRequest();
    this.#setState("stopped");
  }

  /**
   * The share's video track (§13.5), or `null` when there is none any more:
   * its frames paint the same picture as the tiles, which still paint when
   * the app falls back to them.
   */
  showVideo(stream) {
    this.#video.show(this.#active ? stream : null);
  }

  /** A checked frame for this session (`cobrowse-frame.js`). */
  show(frame) {
    if (!this.#active) return;
    const sameSize = this.#size?.width === frame.width && this.#size?.height === frame.height;
    if (!frame.keyframe && (this.#awaitingKeyframe || !sameSize)) {
      this.#askForKeyframe();
      return;
    }
    this.#arrivals += 1;
    const arrival = this.#arrivals;
    if (frame.keyframe) {
      this.#size = { width: frame.width, height: frame.height };
      this.#awaitingKeyframe = false;
      this.#lastKeyframeArrival = arrival;
      this.#cancelRequest();
    }
    this.#painter.paint(frame).then((outcome) => this.#painted(frame, arrival, outcome));
  }

  /** A frame for this session could not be read: later changes need a fresh keyframe. */
  unreadable() {
    if (!this.#active) return;
    this.#awaitingKeyframe = true;
    this.#askForKeyframe();
  }

  /**
   * The agent's connection is new. The server relays a keyframe first on it,
   * so anything else first means a picture was missed.
   */
  reconnected() {
    this.#awaitingKeyframe = true;
  }

  /**
   * The window pixel under a point of the page (a pointer event's `clientX`
   * and `clientY`), or `null` when no live picture is there.
   */
  pointAt(clientX, clientY) {
    if (this.#state !== "live") return null;
    const box = this.#canvas.getBoundingClientRect();
    // The canvas holds the picture at the window's real size.
    const picture = { width: this.#canvas.width, height: this.#canvas.height };
    return windowPoint(clientX - box.left, clientY - box.top, box, picture);
  }

  /**
   * Like `pointAt`, but a point beside the picture gives the nearest pixel of
   * the window; `null` only when no live picture is shown.
   */
  pointNearest(clientX, clientY) {
    const picture = this.pictureSize;
    if (!picture) return null;
    const box = this.#canvas.getBoundingClientRect();
    return nearestWindowPoint(clientX - box.left, clientY - box.top, box, picture);
  }

  /** The window's size in pixels as the live picture shows it, or `null` when no live picture is shown. */
  get pictureSize() {
    return this.#state === "live" ? this.#shownSize : null;
  }

  get #active() {
    return this.#state === "waiting" || this.#state === "live";
  }

  #painted(frame, arrival, outcome) {
    if (outcome === PAINTED && this.#active) {
      this.#canvas.dataset.frame = String(frame.number);
      if (frame.keyframe) this.#pictureShown(frame.width, frame.height, "tiles");
    } else if ((outcome === FAILED || outcome === SKIPPED) && arrival >= this.#lastKeyframeArrival && this.#active) {
      // Only when no newer keyframe is on its way does the picture stay broken.
      this.#awaitingKeyframe = true;
      this.#askForKeyframe();
    }
    if (outcome !== PAINTED && outcome !== CANCELLED) {
      console.warn(`Assist console: shared-window frame ${frame.number} was not drawn (${outcome}).`);
    }
  }

  /** A frame of the video track is on the canvas: tiles that change the picture need a keyframe to build on. */
  #videoShown(width, height) {
    if (!this.#active) return;
    this.#awaitingKeyframe = true;
    this.#pictureShown(width, height, "video");
  }

  /**
   * A whole picture of `width` × `height` from `source` is on the canvas: a
   * keyframe, or a frame of the video (many a second, so the page changes
   * only when what it says does).
   */
  #pictureShown(width, height, source) {
    const resized = this.#shownSize?.width !== width || this.#shownSize?.height !== height;
    const news = resized || source !== this.#source || this.#state !== "live";
    this.#source = source;
    if (resized) this.#shownSize = { width, height };
    if (news) this.#setState("live", this.#shownSize);
    if (resized) this.#resized();
  }

  /** Sends `requestKeyframe` now, or once the spacing allows if one went out less than a second ago. */
  #askForKeyframe() {
    if (this.#requestTimer !== null) return;
    const wait = this.#lastRequestAt + KEYFRAME_REQUEST_SPACING_MS - performance.now();
    if (wait <= 0) {
      this.#sendRequest();
      return;
    }
    this.#requestTimer = setTimeout(() => {
      this.#requestTimer = null;
      if (this.#active && this.#awaitingKeyframe) this.#sendRequest();
    }, wait);
  }

  #sendRequest() {
    this.#lastRequestAt = performance.now();
    this.#requestKeyframe();
  }

  #cancelRequest() {
    clearTimeout(this.#requestTimer);
    this.#requestTimer = null;
  }

  /** `size` is the picture's, for the live state. */
  #setState(state, size = null) {
    const changed = state !== this.#state;
    this.#state = state;
    this.#section.dataset.state = state;
    this.#section.dataset.source = this.#source;
    this.#section.hidden = false;
    const text = STATUS[state]({ ...size, video: this.#source === "video" });
    if (this.#status.textContent !== text) this.#status.textContent = text;
    if (changed) this.#stateChanged(state);
  }
}
