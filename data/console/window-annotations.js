// Annotations on one session's shared window (docs/protocol.md §12.7): the
// "Draw" mode, strokes drawn on the picture and sent as `annotate`, clearing
// them with `clearAnnotations`, and the strokes the visitor's app took off.

import { AnnotationLayer } from "./annotation-layer.js";
import { strokeOf } from "./annotation-stroke.js";
import { newId } from "./dom.js";
import { annotationRefusedSentence, annotationsClearedSentence } from "./explain.js";

/** Every stroke is this wide, in window pixels (1–32). */
const STROKE_WIDTH = 4;

/** The colour when none of the presets is checked (never, with the markup as it is). */
const FALLBACK_COLOR = "#e5261f";

/**
 * Drawing over the shared window in one session panel: the drawing tools
 * (the "Draw" toggle, the colours, "Clear drawings" and their status line),
 * shown while the picture is live, and the layer over the picture with the
 * agent's strokes.
 *
 * The app never sends strokes back (they are not in the frames), so this
 * keeps its own: each stroke drawn, until the app says it took it off
 * (`annotationsCleared`), the agent clears them, or the share ends. In
 * drawing mode (the `.shared-window` section's `data-drawing="on"`) the layer
 * takes the pointer, so a click on the picture is a dot, never control input.
 * `send(type, body)` sends a message about this session (the caller adds its
 * `sessionId`).
 */
export class WindowAnnotations {
  #section;
  #sharedWindow;
  #send;
  #tools;
  #toggle;
  #clear;
  #status;
  #ink;
  #layer;
  #live = false;
  #offered = true;
  #shareState = "none";
  #drawing = false;
  /** The strokes sent during this share and not taken off, oldest first, as sent. */
  #strokes = [];
  /** The stroke being drawn: `{ pointerId, stroke }`, its points growing, or `null`. */
  #current = null;
  /** The `id` of the latest stroke sent: an `error` about an `annotate` names no stroke. */
  #lastSentId = null;

  constructor(section, sharedWindow, send) {
    this.#section = section;
    this.#sharedWindow = sharedWindow;
    this.#send = send;
    this.#tools = section.querySelector(".shared-window__draw");
    this.#toggle = this.#tools.querySelector(".shared-window__draw-toggle");
    this.#clear = this.#tools.querySelector(".shared-window__clear-drawings");
    this.#status = this.#tools.querySelector(".shared-window__drawing-status");
    this.#ink = section.querySelector(".shared-window__ink");
    this.#layer = new AnnotationLayer(this.#ink, () => this.#sharedWindow.pictureSize);
    for (const swatch of this.#tools.querySelectorAll("input[type=radio]")) {
      swatch.style.setProperty("--swatch", swatch.value);
    }
    this.#tools.addEventListener("submit", (event) => event.preventDefault());
    this.#toggle.addEventListener("click", () => this.#setDrawing(!this.#drawing));
    this.#clear.addEventListener("click", () => this.#clearAll());
    this.#ink.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    this.#ink.addEventListener("pointermove", (event) => this.#pointerMove(event));
    this.#ink.addEventListener("pointerup", (event) => this.#pointerUp(event));
    this.#ink.addEventListener("pointercancel", (event) => this.#pointerCancel(event));
    section.addEventListener("keydown", (event) => this.#keyDown(event));
    this.#render();
  }

  /** Names the controls after the visitor. */
  setVisitor(name) {
    this.#toggle.setAttribute("aria-label", `Draw on ${name}'s window`);
  }

  /**
   * Whether drawing is offered in this share: only on the app's own window,
   * whose pixels the app knows, not on a whole screen (protocol §12.8).
   */
  set offered(offered) {
    this.#offered = offered;
    this.shareChanged(this.#shareState);
  }

  /**
   * The shared window's state changed (`shared-window.js`). The tools show
   * while the picture is live; strokes and drawing mode end with the share.
   */
  shareChanged(state) {
    this.#shareState = state;
    const live = state === "live" && this.#offered;
    if (!live) this.#forget();
    if (state === "waiting") this.#say(null, "");
    this.#live = live;
    this.#render();
    this.#layer.redraw();
  }

  /** The picture shows the window at a new size: the strokes are drawn again at its scale. */
  pictureResized() {
    this.#layer.redraw();
  }

  /** The visitor's app took some strokes off (`annotationsCleared`), for `reason`. */
  cleared(ids, reason) {
    const gone = new Set(ids);
    const kept = this.#strokes.filter((stroke) => !gone.has(stroke.id));
    if (kept.length === this.#strokes.length) return; // none of them is still shown here
    this.#strokes = kept;
    this.#showStrokes();
    this.#say("cleared", annotationsClearedSentence(reason));
  }

  /**
   * The server refused the latest `annotate` or `clearAnnotations` (`type`):
   * a refused stroke never reached the app, so it is taken off here too.
   */
  refused(type) {
    if (type === "annotate") {
      const kept = this.#strokes.filter((stroke) => stroke.id !== this.#lastSentId);
      if (kept.length !== this.#strokes.length) {
        this.#strokes = kept;
        this.#showStrokes();
      }
    }
    this.#say("refused", annotationRefusedSentence(type));
  }

  #setDrawing(drawing) {
    if (!drawing) this.#cancelStroke();
    this.#drawing = drawing && this.#live;
    this.#render();
  }

  #clearAll() {
    if (!this.#live) return;
    this.#cancelStroke();
    this.#send("clearAnnotations", {});
    this.#strokes = [];
    this.#showStrokes();
    this.#say(null, "");
  }

  #pointerDown(event) {
    if (!this.#drawing || this.#current !== null || event.button !== 0 || !event.isPrimary) return;
    // A stroke starts on the picture, not in the bands beside it.
    const point = this.#sharedWindow.pointAt(event.clientX, event.clientY);
    if (!point) return;
    event.preventDefault();
    // Keys (Escape) reach the tools while drawing.
    if (!this.#section.contains(document.activeElement)) this.#toggle.focus({ preventScroll: true });
    this.#ink.setPointerCapture(event.pointerId);
    const stroke = { color: this.#color, width: STROKE_WIDTH, points: [point.x, point.y] };
    this.#current = { pointerId: event.pointerId, stroke };
    this.#layer.show([...this.#strokes, stroke]);
  }

  #pointerMove(event) {
    if (this.#current?.pointerId !== event.pointerId) return;
    const { stroke } = this.#current;
    for (const moved of event.getCoalescedEvents?.() ?? [event]) {
      // Beyond the picture, the stroke keeps to its edge.
      const point = this.#sharedWindow.pointNearest(moved.clientX, moved.clientY);
      if (!point) {
        this.#cancelStroke();
        return;
      }
      const { points } = stroke;
      if (points.at(-2) === point.x && points.at(-1) === point.y) continue;
      points.push(point.x, point.y);
      this.#layer.extend(stroke);
    }
  }

  #pointerUp(event) {
    if (this.#current?.pointerId !== event.pointerId) return;
    const { color, width, points } = this.#current.stroke;
    this.#current = null;
    const stroke = strokeOf(newId("stroke"), color, width, points);
    this.#strokes.push(stroke);
    this.#lastSentId = stroke.id;
    this.#send("annotate", { stroke });
    this.#showStrokes();
  }

  #pointerCancel(event) {
    if (this.#current?.pointerId === event.pointerId) this.#cancelStroke();
  }

  /** Escape drops the stroke being drawn, or else leaves drawing mode. */
  #keyDown(event) {
    if (event.key !== "Escape" || !this.#drawing) return;
    event.preventDefault();
    if (this.#current !== null) {
      this.#cancelStroke();
    } else {
      this.#setDrawing(false);
      this.#toggle.focus();
    }
  }

  /** Drops the stroke being drawn, if any; nothing of it was sent. */
  #cancelStroke() {
    if (this.#current === null) return;
    if (this.#ink.hasPointerCapture(this.#current.pointerId)) this.#ink.releasePointerCapture(this.#current.pointerId);
    this.#current = null;
    this.#showStrokes();
  }

  /** The share is over (or starting): every stroke goes, and drawing mode with them. */
  #forget() {
    this.#cancelStroke();
    this.#strokes = [];
    this.#lastSentId = null;
    this.#drawing = false;
    this.#showStrokes();
  }

  get #color() {
    return this.#tools.querySelector("input[type=radio]:checked")?.value ?? FALLBACK_COLOR;
  }

  #showStrokes() {
    this.#layer.show(this.#current === null ? this.#strokes : [...this.#strokes, this.#current.stroke]);
    this.#render();
  }

  /** The status line: `state` is `cleared`, `refused` or `null` (no sentence). */
  #say(state, sentence) {
    if (state === null) {
      delete this.#status.dataset.state;
    } else {
      this.#status.dataset.state = state;
    }
    this.#status.textContent = sentence;
  }

  #render() {
    this.#tools.hidden = !this.#live;
    this.#section.dataset.drawing = this.#drawing ? "on" : "off";
    this.#toggle.setAttribute("aria-pressed", String(this.#drawing));
    this.#clear.disabled = this.#strokes.length === 0;
    this.#ink.dataset.strokes = String(this.#strokes.length);
  }
}
