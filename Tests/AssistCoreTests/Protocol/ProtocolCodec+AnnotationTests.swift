import AssistCore
import Foundation
import Testing

@Suite("Protocol codec: annotation strokes")
struct ProtocolCodecAnnotationTests {
    private func annotate(_ stroke: String) -> String {
        ##"{"v":2,"type":"annotate","body":{"sessionId":"s-1","stroke":\##(stroke)}}"##
    }

    @Test("A stroke travels as #rrggbb, a width and a flat list of points")
    func strokeLayout() throws {
        let text = try ProtocolCodec.encode(Envelope(AgentMessage.annotate(sessionID: "s-1", stroke: WireSamples.stroke)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["v"] as? Int == 2)
        let body = try #require(object["body"] as? [String: Any])
        let stroke = try #require(body["stroke"] as? [String: Any])
        #expect(stroke["color"] as? String == "#e01b24")
        #expect(stroke["width"] as? Int == 4)
        #expect(stroke["points"] as? [Int] == [0, 8_192, 40, 41, 800, 0])
    }

    @Test("Upper-case hex digits are read as the same colour")
    func upperCaseColour() throws {
        let envelope = try ProtocolCodec.decode(
            text: annotate(##"{"id":"a","color":"#E01B24","width":2,"points":[5,6]}"##), as: AgentMessage.self)
        guard case .annotate(_, let stroke) = envelope.message else {
            Issue.record("decoded \(envelope.message)")
            return
        }
        #expect(stroke.color == RGBAColor8(red: 0xE0, green: 0x1B, blue: 0x24))
        #expect(stroke.points == [.init(x: 5, y: 6)])
    }

    static let badStrokes: [(String, String, String)] = [
        ("a colour name", ##"{"id":"a","color":"red","width":2,"points":[1,1]}"##, "body.stroke.color"),
        ("a colour with a non-hex digit", ##"{"id":"a","color":"#12345g","width":2,"points":[1,1]}"##, "body.stroke.color"),
        ("a width of 0", ##"{"id":"a","color":"#000000","width":0,"points":[1,1]}"##, "body.stroke.width"),
        ("a width of 33", ##"{"id":"a","color":"#000000","width":33,"points":[1,1]}"##, "body.stroke.width"),
        ("no points", ##"{"id":"a","color":"#000000","width":2,"points":[]}"##, "body.stroke.points"),
        ("an odd count of coordinates", ##"{"id":"a","color":"#000000","width":2,"points":[1,2,3]}"##, "body.stroke.points"),
        ("a fractional coordinate", ##"{"id":"a","color":"#000000","width":2,"points":[1,2.5]}"##, "body.stroke.points[1]"),
        ("a coordinate past 8,192", ##"{"id":"a","color":"#000000","width":2,"points":[8193,0]}"##, "body.stroke.points[0]"),
        ("a negative coordinate", ##"{"id":"a","color":"#000000","width":2,"points":[0,-1]}"##, "body.stroke.points[1]"),
        ("an empty id", ##"{"id":"","color":"#000000","width":2,"points":[0,0]}"##, "body.stroke.id"),
    ]

    @Test("A bad stroke is an invalid value that names its member", arguments: badStrokes)
    func badStroke(_ name: String, _ stroke: String, _ field: String) {
        do {
            let envelope = try ProtocolCodec.decode(text: annotate(stroke), as: AgentMessage.self)
            Issue.record("\(name): decoded \(envelope)")
        } catch {
            #expect(error.kind.name == "invalidValue", "\(name)")
            #expect(error.kind.field == field, "\(name)")
            #expect(error.disposition == .errorFrame(code: .invalidValue), "\(name)")
        }
    }

    @Test("More than 2,000 points is refused on reading and on writing")
    func tooManyPoints() throws {
        let coordinates = Array(repeating: "1", count: 2 * (AnnotationStroke.maxPoints + 1)).joined(separator: ",")
        #expect(throws: ProtocolError.self) {
            try ProtocolCodec.decode(
                text: annotate(##"{"id":"a","color":"#000000","width":2,"points":[\##(coordinates)]}"##),
                as: AgentMessage.self)
        }
        let long = AnnotationStroke(
            id: "a", color: RGBAColor8(red: 0, green: 0, blue: 0), width: 2,
            points: Array(repeating: .init(x: 1, y: 1), count: AnnotationStroke.maxPoints + 1))
        #expect(throws: ProtocolError.self) {
            try ProtocolCodec.encode(Envelope(AgentMessage.annotate(sessionID: "s-1", stroke: long)))
        }
    }

    @Test("annotationsCleared needs at least one id and a known reason")
    func clearedNeedsIdsAndReason() {
        let frames = [
            (##"{"v":2,"type":"annotationsCleared","body":{"ids":[],"reason":"person"}}"##, "body.ids"),
            (##"{"v":2,"type":"annotationsCleared","body":{"ids":["a"],"reason":"bored"}}"##, "body.reason"),
        ]
        for (frame, field) in frames {
            do {
                let envelope = try ProtocolCodec.decode(text: frame, as: ConsumerMessage.self)
                Issue.record("decoded \(envelope)")
            } catch {
                #expect(error.kind.field == field)
            }
        }
    }
}
