import AssistCore
import Foundation
import CGtk

/// One printing of a transcript: a `GtkPrintOperation` whose pages are laid
/// out with Pango when printing begins — one layout per block of
/// ``TranscriptPangoMarkup``, as wide as the page, broken into pages by
/// ``TranscriptPagination`` — and drawn line by line, with "Page N of M"
/// at the foot of each page, inside margins of 2 cm unless the person
/// chooses others.
@MainActor
final class TranscriptPrintJob {
    /// The operation, owned by the job.
    let operation: UnsafeMutablePointer<GtkPrintOperation>
    /// How many pages the transcript took, once printing began.
    private(set) var pageCount = 0

    /// Where a laid-out line is, in points from its layout's top-left corner.
    private struct Line {
        var index: Int32
        var x: Double
        var top: Double
        var height: Double
        var baseline: Double
    }

    private static let font = "Sans 10"
    private static let footerFont = "Sans 8"
    private static let blockSpacing = 10.0
    private static let footerHeight = 24.0
    /// Each margin of the default page, in points (two centimetres).
    private static let margin = 56.7

    private let blocks: [String]
    private var layouts: [OpaquePointer] = []
    private var lines: [[Line]] = []
    private var pages: [[TranscriptPagination.Piece]] = []

    /// A job printing `transcript`: a document with times written by
    /// `formatting`, or text as it is, one block per paragraph.
    init(transcript: TemplateTranscript, formatting: TranscriptFormatting) {
        switch transcript {
        case .document(let document):
            blocks = TranscriptPangoMarkup(formatting: formatting).blocks(document)
        case .text(let text):
            blocks = text.components(separatedBy: "\n\n").map(TranscriptPangoMarkup.escaped)
        }
        operation = gtk_print_operation_new()
        gtk_print_operation_set_job_name(operation, TranscriptDocument.title)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let pageSetup = gtk_page_setup_new()
        gtk_page_setup_set_top_margin(pageSetup, Self.margin, GTK_UNIT_POINTS)
        gtk_page_setup_set_bottom_margin(pageSetup, Self.margin, GTK_UNIT_POINTS)
        gtk_page_setup_set_left_margin(pageSetup, Self.margin, GTK_UNIT_POINTS)
        gtk_page_setup_set_right_margin(pageSetup, Self.margin, GTK_UNIT_POINTS)
        gtk_print_operation_set_default_page_setup(operation, pageSetup)
        g_object_unref(UnsafeMutableRawPointer(pageSetup))
        let instance = UnsafeMutableRawPointer(operation)
        SignalConnection.connectPointer(instance, signal: "begin-print") { [weak self] context in
            guard let self, let context else { return }
            begin(context)
        }
        SignalConnection.connectPointerInt(instance, signal: "draw-page") { [weak self] context, page in
            guard let self, let context else { return }
            draw(page: Int(page), in: context)
        }
    }

    isolated deinit {
        for layout in layouts { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(operation))
    }

    /// Lays every block out at the page's width and decides the pages.
    private func begin(_ context: OpaquePointer) {
        for layout in layouts { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let width = gtk_print_context_get_width(context)
        let height = gtk_print_context_get_height(context) - Self.footerHeight
        let font = pango_font_description_from_string(Self.font)
        defer { pango_font_description_free(font) }
        layouts = blocks.map { markup in
            let layout = gtk_print_context_create_pango_layout(context)!
            pango_layout_set_font_description(layout, font)
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_markup(layout, markup, -1)
            return layout
        }
        lines = layouts.map(Self.lines(of:))
        pages = TranscriptPagination(
            blocks: lines.map { $0.map(\.height) }, pageHeight: height, blockSpacing: Self.blockSpacing
        ).pages
        pageCount = pages.count
        gtk_print_operation_set_n_pages(operation, Int32(pages.count))
    }

    private static func lines(of layout: OpaquePointer) -> [Line] {
        var lines: [Line] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var index: Int32 = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let scale = Double(PANGO_SCALE)
            lines.append(
                Line(
                    index: index, x: Double(logical.x) / scale, top: Double(logical.y) / scale,
                    height: Double(logical.height) / scale,
                    baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale))
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    private func draw(page: Int, in context: OpaquePointer) {
        guard pages.indices.contains(page), let cairo = gtk_print_context_get_cairo_context(context) else { return }
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for piece in pages[page] {
            let blockLines = lines[piece.block]
            let origin = blockLines[piece.lines.lowerBound].top
            for line in blockLines[piece.lines] {
                cairo_move_to(cairo, line.x, piece.top + line.baseline - origin)
                pango_cairo_show_layout_line(cairo, pango_layout_get_line_readonly(layouts[piece.block], line.index))
            }
        }
        drawFooter(page: page, in: context, cairo: cairo)
    }

    private func drawFooter(page: Int, in context: OpaquePointer, cairo: OpaquePointer) {
        let layout = gtk_print_context_create_pango_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(Self.footerFont)
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, localized("Page {page} of {count}", ["page": String(page + 1), "count": String(pages.count)]), -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        cairo_set_source_rgb(cairo, 0.35, 0.35, 0.35)
        cairo_move_to(
            cairo, gtk_print_context_get_width(context) - Double(width),
            gtk_print_context_get_height(context) - Double(height))
        pango_cairo_show_layout(cairo, layout)
    }
}
