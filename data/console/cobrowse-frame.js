// Reading the co-browse frames the server relays to the agent (docs/protocol.md §12.4).
// Pure: bytes in, a checked frame or the reason it was refused out. It never throws.

/** The largest binary message either side may send. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const RELAY_MAGIC = [0x41, 0x43, 0x52, 0x32]; // "ACR2"
const FRAME_MAGIC = [0x41, 0x43, 0x46, 0x32]; // "ACF2"
const MAX_SESSION_ID_BYTES = 128;
const MAX_WINDOW_SIDE = 8_192;
const MAX_TILES = 16_384;
const KEYFRAME_FLAG = 0b1;
const SOLID_PAYLOAD_BYTES = 4;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52]; // "IHDR"
/** Signature, then the IHDR chunk's length, type, width and height. */
const PNG_HEADER_BYTES = 24;

/** Tile encodings. */
export const ENCODING_PNG = 1;
export const ENCODING_SOLID = 2;

/** Why a frame was refused; caught inside this module only. */
class MalformedFrame extends Error {}

/** Big-endian reads that refuse to run past the end of the message. */
class ByteReader {
  #view;
  #offset = 0;

  constructor(buffer) {
    this.#view = new DataView(buffer);
  }

  get remaining() {
    return this.#view.byteLength - this.#offset;
  }

  uint8() {
    return this.#view.getUint8(this.#advance(1));
  }

  uint16() {
    return this.#view.getUint16(this.#advance(2));
  }

  uint32() {
    return this.#view.getUint32(this.#advance(4));
  }

  /** The next `length` bytes as a view into the message (no copy). */
  bytes(length, what) {
    if (length > this.remaining) throw new MalformedFrame(`${what} runs past the end of the message.`);
    return new Uint8Array(this.#view.buffer, this.#advance(length), length);
  }

  expectMagic(magic, what) {
    const found = this.bytes(magic.length, what);
    if (!magic.every((byte, index) => found[index] === byte)) throw new MalformedFrame(`${what} is not there.`);
  }

  #advance(length) {
    if (length > this.remaining) throw new MalformedFrame("The message ends in the middle of a field.");
    const start = this.#offset;
    this.#offset += length;
    return start;
  }
}

/**
 * Reads one relayed frame: `ACR2`, the session id, then the app's `ACF2` frame.
 *
 * Returns `{ sessionId, frame, problem }`:
 * - a good frame: `frame` is `{ keyframe, number, width, height, tiles }`, each tile
 *   `{ x, y, width, height, encoding, payload }` (`payload` a `Uint8Array`), `problem` null;
 * - a refused frame: `frame` is null and `problem` says why. `sessionId` is still
 *   given when the relay header was readable, so the console can ask for a keyframe.
 */
export function readRelayedFrame(buffer) {
  if (!(buffer instanceof ArrayBuffer)) return refused(null, "A co-browse frame must be binary.");
  const reader = new ByteReader(buffer);
  let sessionId;
  try {
    sessionId = readRelayHeader(reader);
  } catch (error) {
    return refused(null, problemOf(error));
  }
  try {
    if (buffer.byteLength > MAX_MESSAGE_BYTES) throw new MalformedFrame("The message is over 4 MiB.");
    const frame = readAppFrame(reader);
    return { sessionId, frame, problem: null };
  } catch (error) {
    return refused(sessionId, problemOf(error));
  }
}

function readRelayHeader(reader) {
  reader.expectMagic(RELAY_MAGIC, "The ACR2 magic");
  const length = reader.uint8();
  if (length < 1 || length > MAX_SESSION_ID_BYTES) throw new MalformedFrame(`A session id of ${length} bytes.`);
  const bytes = reader.bytes(length, "The session id");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new MalformedFrame("The session id is not UTF-8.");
  }
}

function readAppFrame(reader) {
  reader.expectMagic(FRAME_MAGIC, "The ACF2 magic");
  const flags = reader.uint8();
  if ((flags & ~KEYFRAME_FLAG) !== 0) throw new MalformedFrame(`Unknown flags ${flags}.`);
  const number = reader.uint32();
  const width = reader.uint16();
  const height = reader.uint16();
  if (!isWindowSide(width) || !isWindowSide(height)) throw new MalformedFrame(`A window of ${width} × ${height}.`);
  const count = reader.uint16();
  if (count > MAX_TILES) throw new MalformedFrame(`${count} tiles.`);
  const tiles = [];
  for (let index = 0; index < count; index += 1) tiles.push(readTile(reader, index, width, height));
  if (reader.remaining > 0) throw new MalformedFrame(`Extra bytes after the last tile (${reader.remaining}).`);
  const keyframe = (flags & KEYFRAME_FLAG) !== 0;
  if (keyframe && !coversWindow(tiles, width, height)) throw new MalformedFrame("The keyframe's tiles leave part of the window uncovered.");
  return { keyframe, number, width, height, tiles };
}

function readTile(reader, index, windowWidth, windowHeight) {
  const x = reader.uint16();
  const y = reader.uint16();
  const width = reader.uint16();
  const height = reader.uint16();
  if (width < 1 || height < 1 || x + width > windowWidth || y + height > windowHeight) {
    throw new MalformedFrame(`Tile ${index} (${x}, ${y}, ${width} × ${height}) is not inside the window.`);
  }
  const encoding = reader.uint8();
  const payload = reader.bytes(reader.uint32(), `Tile ${index}'s payload`);
  if (encoding === ENCODING_SOLID) {
    if (payload.length !== SOLID_PAYLOAD_BYTES) throw new MalformedFrame(`Solid tile ${index} has ${payload.length} payload bytes.`);
  } else if (encoding === ENCODING_PNG) {
    checkPngSize(payload, width, height, index);
  } else {
    throw new MalformedFrame(`Tile ${index} has the unknown encoding ${encoding}.`);
  }
  return { x, y, width, height, encoding, payload };
}

/** A PNG's size is in its first chunk, so a wrong-sized tile is refused before any decoding. */
function checkPngSize(payload, width, height, index) {
  const header = new DataView(payload.buffer, payload.byteOffset, Math.min(payload.length, PNG_HEADER_BYTES));
  const starts = (bytes, at) => bytes.every((byte, offset) => header.getUint8(at + offset) === byte);
  if (payload.length < PNG_HEADER_BYTES || !starts(PNG_SIGNATURE, 0) || !starts(PNG_IHDR, 12)) {
    throw new MalformedFrame(`Tile ${index} is not a PNG.`);
  }
  const pngWidth = header.getUint32(16);
  const pngHeight = header.getUint32(20);
  if (pngWidth !== width || pngHeight !== height) {
    throw new MalformedFrame(`Tile ${index} is ${width} × ${height} but its PNG is ${pngWidth} × ${pngHeight}.`);
  }
}

function isWindowSide(value) {
  return value >= 1 && value <= MAX_WINDOW_SIDE;
}

/**
 * Whether the tiles (all inside the window) cover it: the area of their union
 * equals the window's. A sweep from top to bottom over the tiles' edges keeps,
 * in a segment tree over the distinct x edges, how much of the row is covered.
 */
function coversWindow(tiles, width, height) {
  if (tiles.length === 0) return false;
  const xs = [...new Set(tiles.flatMap((tile) => [tile.x, tile.x + tile.width]))].sort((a, b) => a - b);
  const column = new Map(xs.map((x, index) => [x, index]));
  const edges = tiles.flatMap((tile) => [
    { y: tile.y, from: column.get(tile.x), to: column.get(tile.x + tile.width), change: 1 },
    { y: tile.y + tile.height, from: column.get(tile.x), to: column.get(tile.x + tile.width), change: -1 },
  ]).sort((a, b) => a.y - b.y);
  const coverage = new CoverageTree(xs);
  let area = 0;
  let previousY = edges[0].y;
  for (const edge of edges) {
    area += coverage.coveredLength * (edge.y - previousY);
    previousY = edge.y;
    coverage.update(edge.from, edge.to, edge.change);
  }
  return area === width * height;
}

/** Covered length of the x axis, for intervals between the sorted edges `xs`, added and removed. */
class CoverageTree {
  #xs;
  #count;
  #covered;

  constructor(xs) {
    this.#xs = xs;
    const nodes = 4 * Math.max(1, xs.length);
    this.#count = new Int32Array(nodes);
    this.#covered = new Float64Array(nodes);
  }

  get coveredLength() {
    return this.#covered[1];
  }

  /** Adds `change` to the intervals from edge index `from` to edge index `to`. */
  update(from, to, change) {
    this.#update(1, 0, this.#xs.length - 1, from, to, change);
  }

  #update(node, low, high, from, to, change) {
    if (to <= low || high <= from) return;
    if (from <= low && high <= to) {
      this.#count[node] += change;
    } else {
      const middle = (low + high) >> 1;
      this.#update(2 * node, low, middle, from, to, change);
      this.#update(2 * node + 1, middle, high, from, to, change);
    }
    if (this.#count[node] > 0) {
      this.#covered[node] = this.#xs[high] - this.#xs[low];
    } else if (high - low === 1) {
      this.#covered[node] = 0;
    } else {
      this.#covered[node] = this.#covered[2 * node] + this.#covered[2 * node + 1];
    }
  }
}

function refused(sessionId, problem) {
  return { sessionId, frame: null, problem };
}

function problemOf(error) {
  if (error instanceof MalformedFrame) return error.message;
  return `The frame could not be read (${error}).`;
}
