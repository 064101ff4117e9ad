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
