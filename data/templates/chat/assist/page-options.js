// What the template's URL asks for (docs/chat-template.md, "The entry point URL": entryPointId, locale, postChatAttributes).

/** The page's options, read once from `location.search`. */
export function readPageOptions(search = window.location.search) {
  const query = new URLSearchParams(search);
  const locale = (query.get("locale") ?? "").replace("_", "-");
  return {
    entryPointId: query.get("entryPointId")?.trim() || null,
    language: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(locale) ? locale : "en",
    postChatAttributes: query.get("postChatAttributes")?.toLowerCase() === "true",
  };
}
