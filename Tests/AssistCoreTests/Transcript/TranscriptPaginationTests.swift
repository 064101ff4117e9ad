import AssistCore
import Testing

@Suite("Printed transcript pages")
struct TranscriptPaginationTests {
    private typealias Piece = TranscriptPagination.Piece

    @Test("blocks that fit share one page, with the gap between them and none at the top")
    func onePage() {
        let pagination = TranscriptPagination(blocks: [[10, 10], [10]], pageHeight: 100, blockSpacing: 5)
        #expect(pagination.pages == [[Piece(block: 0, lines: 0..<2, top: 0), Piece(block: 1, lines: 0..<1, top: 25)]])
    }

    @Test("a long block breaks between its lines and goes on at the top of the next page")
    func breaksInsideBlock() {
        let pagination = TranscriptPagination(blocks: [[10, 10, 10, 10, 10]], pageHeight: 35, blockSpacing: 5)
        #expect(
            pagination.pages == [
                [Piece(block: 0, lines: 0..<3, top: 0)],
                [Piece(block: 0, lines: 3..<5, top: 0)],
            ])
    }

    @Test("an entry's author line is never left alone at the bottom of a page")
    func keepsHeadingWithText() {
        let pagination = TranscriptPagination(blocks: [[10, 10, 10], [10, 10]], pageHeight: 45, blockSpacing: 5)
        #expect(
            pagination.pages == [
                [Piece(block: 0, lines: 0..<3, top: 0)],
                [Piece(block: 1, lines: 0..<2, top: 0)],
            ])
    }

    @Test("a line taller than a page gets a page of its own and the rest go on")
    func oversizedLine() {
        let pagination = TranscriptPagination(blocks: [[10], [200], [10]], pageHeight: 100, blockSpacing: 5)
        #expect(
            pagination.pages == [
                [Piece(block: 0, lines: 0..<1, top: 0)],
                [Piece(block: 1, lines: 0..<1, top: 0)],
                [Piece(block: 2, lines: 0..<1, top: 0)],
            ])
    }

    @Test("many entries fill page after page and every line is printed once, in order")
    func everyLineOnce() {
        let blocks = (0..<60).map { index in Array(repeating: 12.0, count: 1 + index % 4) }
        let pagination = TranscriptPagination(blocks: blocks, pageHeight: 700, blockSpacing: 8)
        #expect(pagination.pages.count > 1)
        let printed = pagination.pages.flatMap { $0 }.flatMap { piece in piece.lines.map { (piece.block, $0) } }
        let expected = blocks.enumerated().flatMap { index, lines in lines.indices.map { (index, $0) } }
        #expect(printed.map(\.0) == expected.map(\.0))
        #expect(printed.map(\.1) == expected.map(\.1))
        for page in pagination.pages {
            let bottom = page.map { $0.top + Double($0.lines.count) * 12 }.max() ?? 0
            #expect(bottom <= 700)
        }
    }

    @Test("nothing to print is one empty page")
    func nothing() {
        #expect(TranscriptPagination(blocks: [], pageHeight: 100, blockSpacing: 5).pages == [[]])
    }
}
