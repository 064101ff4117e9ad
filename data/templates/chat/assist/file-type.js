// What a file is, from its first bytes rather than its name: the same check the server makes on an
// upload's first part (docs/protocol.md §11.6) and the app makes before it sends, so a file the
// server cannot take is refused at once and the type declared is the one the server will find.

/** How many leading bytes the check reads. */
const SNIFF_BYTES = 4096;

const TYPES_BY_EXTENSION = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
  pdf: "application/pdf", txt: "text/plain", text: "text/plain", log: "text/plain",
};

const ascii = (text) => [...text].map((character) => character.charCodeAt(0));
const SIGNATURES = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", ascii("GIF87a")],
  ["image/gif", ascii("GIF89a")],
  ["application/pdf", ascii("%PDF-")],
];

/** The media type `file`'s content has, or `null` when it is none the server can check. Rejects when unreadable. */
export async function sniffedType(file) {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const startsWith = (bytes, at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  for (const [type, signature] of SIGNATURES) if (startsWith(signature)) return type;
  if (startsWith(ascii("RIFF")) && startsWith(ascii("WEBP"), 8)) return "image/webp";
  return isPlainText(head, file.size > head.length) ? "text/plain" : null;
}

/** The media type a file name's extension stands for, among those the server knows, or `null`. */
export function typeForName(name) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null : null;
}

/** UTF-8 with no control characters but tab, line feed, form feed and carriage return. */
function isPlainText(bytes, cutByWindow) {
  if (bytes.length === 0) return false;
  if (bytes.some((byte) => (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) || byte === 0x7f)) return false;
  let checked = bytes;
  if (cutByWindow) {
    // A character the window cut in two is not a fault: drop its start.
    let lead = checked.length - 1;
    while (lead > 0 && (checked[lead] & 0xc0) === 0x80) lead -= 1;
    if (checked.length - lead < sequenceLength(checked[lead])) checked = checked.subarray(0, lead);
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(checked);
    return true;
  } catch {
    return false;
  }
}

function sequenceLength(lead) {
  if (lead >= 0xf0 && lead <= 0xf7) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc0 && lead <= 0xdf) return 2;
  return 1;
}
