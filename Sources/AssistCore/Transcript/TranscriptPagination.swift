/// Where a printed transcript's pages break, decided from the height of
/// every laid-out line: blocks (the heading, each entry) follow each other
/// with a gap between them, a page breaks between lines, the first lines
/// of a block (its author line and the first line of its text) are never
/// left alone at the bottom of a page, and a line taller than a page gets
/// a page to itself rather than stopping the printing.
public struct TranscriptPagination: Sendable, Hashable {
    /// Some consecutive lines of one block, placed on a page.
    public struct Piece: Sendable, Hashable {
        /// The block's index.
        public var block: Int
        /// The block's lines on this page.
        public var lines: Range<Int>
        /// How far below the page's top the first of them starts, in the
        /// unit of the heights given.
        public var top: Double

        /// A piece of block `block`: `lines`, starting `top` below the page's top.
        public init(block: Int, lines: Range<Int>, top: Double) {
            self.block = block
            self.lines = lines
            self.top = top
        }
    }

    /// The pages, each its pieces from top to bottom; at least one page.
    public let pages: [[Piece]]

    /// Breaks `blocks` — each the heights of its lines, top to bottom — into
    /// pages `pageHeight` high, with `blockSpacing` between two blocks on
    /// one page; the first `keepTogether` lines of a block go on one page.
    public init(blocks: [[Double]], pageHeight: Double, blockSpacing: Double, keepTogether: Int = 2) {
        var pages: [[Piece]] = []
        var page: [Piece] = []
        var used = 0.0
        func newPage() {
            pages.append(page)
            page = []
            used = 0
        }
        for (index, lines) in blocks.enumerated() where !lines.isEmpty {
            let gap = page.isEmpty ? 0 : blockSpacing
            let opening = lines.prefix(keepTogether).reduce(0, +)
            if !page.isEmpty, used + gap + opening > pageHeight, opening <= pageHeight { newPage() }
            used += page.isEmpty ? 0 : blockSpacing
            var start = 0
            var top = used
            for (line, height) in lines.enumerated() {
                if used + height > pageHeight, used > 0 {
                    if line > start { page.append(Piece(block: index, lines: start..<line, top: top)) }
                    newPage()
                    start = line
                    top = 0
                }
                used += height
            }
            page.append(Piece(block: index, lines: start..<lines.count, top: top))
        }
        pages.append(page)
        self.pages = pages
    }
}
