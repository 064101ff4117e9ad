import AssistGtk

/// What the app knows of the page in a web view, for co-browse: which page
/// it is, and whether the parts last reported still hold.
///
/// The page is concealed until it has reported its parts, after every
/// change it announces until parts collected after that change arrive, and
/// from the start of each navigation. Messages from a page navigated away
/// from (an older `page` number) are ignored.
struct WebPageState: Sendable {
    /// The number given to the page being loaded; the script learns it when
    /// it asks for its configuration and sends it with every message.
    private(set) var page = 0
    /// The newest change the page announced.
    private var latestChange = 0
    /// The parts last reported by the current page.
    private(set) var parts: PageParts?

    /// A navigation started: what was known belongs to the old page.
    mutating func navigationStarted() {
        page += 1
        latestChange = 0
        parts = nil
    }

    /// Takes a message from the page script.
    mutating func receive(_ message: PageMessage) {
        switch message {
        case .changed(let from, let latest):
            guard from == page else { return }
            latestChange = max(latestChange, latest)
        case .parts(let from, let reported):
            guard from == page else { return }
            latestChange = max(latestChange, reported.latest)
            parts = reported
        }
    }

    /// Parts that hold now: reported, and collected after the newest change.
    var settledParts: PageParts? {
        guard let parts, parts.generation >= latestChange else { return nil }
        return parts
    }

    /// The page as co-browse reads it in a widget `width` pixels wide.
    func embeddedParts(widgetWidth width: Int) -> EmbeddedParts {
        settledParts?.embeddedParts(widgetWidth: width) ?? .concealed
    }
}
