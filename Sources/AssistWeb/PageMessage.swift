import AssistCore
import AssistGtk
import Foundation

/// A message the page script posts to the app, decoded and checked.
///
/// Only the page script can post these: its message handler exists in the
/// script's isolated world, which the page's own scripts cannot reach.
/// They are checked all the same; anything else is refused whole.
enum PageMessage: Sendable, Equatable {
    /// Something in the page may have moved since `latest`'s parts were
    /// collected: the page is hidden until parts at least that new arrive.
    case changed(page: Int, latest: Int)
    /// Where the parts of the page are now.
    case parts(page: Int, PageParts)

    /// The longest message taken, in UTF-8 bytes.
    static let maximumLength = 4 << 20

    /// Decodes the JSON text the script posts.
    ///
    /// - Throws: ``PageMessageError`` for anything the script would not have sent.
    init(json: String) throws(PageMessageError) {
        guard json.utf8.count <= Self.maximumLength else { throw .tooLong }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(json.utf8))
        } catch {
            throw .malformed
        }
        switch wire.kind {
        case "changed":
            guard let latest = wire.generation else { throw .malformed }
            self = .changed(page: wire.page, latest: latest)
        case "parts":
            guard let generation = wire.generation, let latest = wire.latest, let width = wire.width,
                let height = wire.height, let parts = wire.parts, width > 0, height > 0,
                parts.count <= PageParts.maximumCount
            else { throw .malformed }
            for (index, part) in parts.enumerated() {
                guard part.parent.map({ (0..<index).contains($0) }) ?? true, part.rect.isSane,
                    (part.marker?.utf8.count ?? 0) <= PagePart.maximumTextLength,
                    part.tags.count <= PagePart.maximumTags,
                    part.tags.allSatisfy({ $0.utf8.count <= PagePart.maximumTextLength })
                else { throw .malformed }
            }
            if let focus = wire.focus, !focus.isSane { throw .malformed }
            self = .parts(
                page: wire.page,
                PageParts(
                    generation: generation, latest: max(latest, generation), viewportWidth: width,
                    viewportHeight: height, parts: parts, focus: wire.focus))
        default:
            throw .malformed
        }
    }

    /// The message as the script writes it.
    private struct Wire: Decodable {
        var kind: String
        var page: Int
        var generation: Int?
        var latest: Int?
        var width: Double?
        var height: Double?
        var parts: [PagePart]?
        var focus: PageRect?
    }
}

/// Why a message from the page was refused.
enum PageMessageError: Error, Sendable, Hashable {
    /// It is longer than ``PageMessage/maximumLength``.
    case tooLong
    /// It is not a message the page script sends.
    case malformed
}

/// Where the parts of a page were at one moment, in the CSS pixels of the
/// top frame's viewport; frames' parts already moved into it.
struct PageParts: Sendable, Equatable {
    /// The most parts taken from one page.
    static let maximumCount = 4000

    /// The change count when the parts were collected.
    var generation: Int
    /// The change count when they were sent: newer than `generation` when
    /// the page changed while they were collected.
    var latest: Int
    /// The viewport's size in CSS pixels.
    var viewportWidth: Double
    var viewportHeight: Double
    /// Parents before children.
    var parts: [PagePart]
    /// The focused element that takes text, if any.
    var focus: PageRect?

    /// The parts in the pixels of a widget `width` pixels wide showing the
    /// viewport: the bounds scaled, a part of no area undrawn.
    func embeddedParts(widgetWidth width: Int) -> EmbeddedParts {
        let scale = Double(width) / viewportWidth
        let shared = parts.map { part in
            SharedWidget(
                parent: part.parent, bounds: part.rect.scaled(by: scale), marker: part.marker, tags: Set(part.tags),
                isPassword: part.password)
        }
        return .known(parts: shared, focus: focus.flatMap { $0.scaled(by: scale) })
    }

    /// A point of the widget (pixels) in the viewport's CSS pixels.
    func pagePoint(x: Double, y: Double, widgetWidth width: Int) -> (x: Double, y: Double) {
        let scale = viewportWidth / Double(max(width, 1))
        return (x * scale, y * scale)
    }
}

/// One element of the page that masking or permissions may concern.
struct PagePart: Sendable, Equatable, Decodable {
    /// The longest marker or tag taken, in UTF-8 bytes.
    static let maximumTextLength = 1024
    /// The most tags taken on one part.
    static let maximumTags = 64

    /// The index of the nearest enclosing part (an earlier one), if any.
    var parent: Int?
    var rect: PageRect
    /// The marker set with `setWebPermissions`, if any.
    var marker: String?
    /// Its classes among `assist-no-show` and the configuration's tags.
    var tags: [String]
    /// Whether it is a password field.
    var password: Bool

    private enum CodingKeys: String, CodingKey {
        case parent, x, y, w, h, marker, tags, password
    }

    init(parent: Int?, rect: PageRect, marker: String?, tags: [String], password: Bool) {
        self.parent = parent
        self.rect = rect
        self.marker = marker
        self.tags = tags
        self.password = password
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parent = try container.decodeIfPresent(Int.self, forKey: .parent)
        rect = PageRect(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            w: try container.decode(Double.self, forKey: .w), h: try container.decode(Double.self, forKey: .h))
        marker = try container.decodeIfPresent(String.self, forKey: .marker)
        tags = try container.decode([String].self, forKey: .tags)
        password = try container.decode(Bool.self, forKey: .password)
    }
}

/// A rectangle in CSS pixels.
struct PageRect: Sendable, Equatable, Decodable {
    var x: Double
    var y: Double
    var w: Double
    var h: Double

    /// The largest coordinate taken: far beyond any page, small enough to
    /// turn into pixels without overflow.
    static let limit = 1e7

    /// Whether every number is finite, within ``limit``, and the size not negative.
    var isSane: Bool {
        [x, y, w, h].allSatisfy { $0.isFinite && abs($0) <= Self.limit } && w >= 0 && h >= 0
    }

    /// The rectangle in pixels at `scale` pixels per CSS pixel, rounded
    /// outward; `nil` when it has no area.
    func scaled(by scale: Double) -> PixelRect? {
        guard w > 0, h > 0 else { return nil }
        return PixelRect.covering(x: x * scale, y: y * scale, width: w * scale, height: h * scale)
    }
}
