// Small DOM and formatting helpers shared by the views. Text from the server
// only ever goes into `textContent`, never into markup.

const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
let uniqueCounter = 0;

/** The first element of `<template id=…>`, cloned. */
export function cloneTemplate(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}

/** Gives a cloned control a document-unique id and ties its `<label>` to it. */
export function labelControl(label, control, prefix) {
  uniqueCounter += 1;
  control.id = `${prefix}-${uniqueCounter}`;
  label.htmlFor = control.id;
}

/** A random identifier for `clientMessageId` and `requestId` (works outside secure contexts too). */
export function newId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** Fills a `<dl>` with pre-chat answers; returns whether any was shown. */
export function fillPrechat(list, answers) {
  list.replaceChildren();
  if (!Array.isArray(answers)) return false;
  for (const answer of answers) {
    if (typeof answer?.label !== "string") continue;
    const term = document.createElement("dt");
    term.textContent = answer.label;
    const detail = document.createElement("dd");
    detail.textContent = typeof answer.value === "string" && answer.value !== "" ? answer.value : "—";
    list.append(term, detail);
  }
  return list.childElementCount > 0;
}

/** Sets a `<time>` to a protocol timestamp (milliseconds since 1970). */
export function setTime(element, millis) {
  const date = new Date(millis);
  element.dateTime = date.toISOString();
  element.textContent = clock.format(date);
}

/** A wait in seconds as `m:ss`, or `h:mm:ss` from an hour on. */
export function formatWait(totalSeconds) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The visitor's name as shown, with a neutral fallback. */
export function visitorLabel(name) {
  return typeof name === "string" && name.trim() !== "" ? name : "Visitor";
}

const sizeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const SIZE_UNITS = ["KB", "MB", "GB"];

/** A size in bytes as people read it, in powers of ten as the server counts its limit: "840 bytes", "2.5 MB". */
export function formatSize(bytes) {
  if (bytes < 1000) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${sizeNumber.format(value)} ${SIZE_UNITS[unit]}`;
}
