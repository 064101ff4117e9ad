import AssistCore
import Foundation
import Testing

@Suite("Consumer session: the agent's annotations")
struct ConsumerSessionAnnotationTests {
    private let red = RGBAColor8(red: 200, green: 0, blue: 0)

    private func stroke(_ id: AnnotationID, at point: (Int, Int)) -> AnnotationStroke {
        AnnotationStroke(id: id, color: red, width: 4, points: [.init(x: point.0, y: point.1)])
    }

    /// A session sharing its window with Sam.
    private func sharing(_ script: inout ServerScript) throws -> ConsumerSession {
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam")), at: .now)
        _ = session.answer("share-1", accepted: true)
        return session
    }

    private func shown(_ effects: [ConsumerSessionEffect]) -> [[AnnotationID]] {
        ServerScript.published(effects).compactMap {
            if case .annotationsChanged(let share) = $0 { share.annotations.strokes.map(\.id) } else { nil }
        }
    }

    @Test("a stroke from the agent is shown during a share and ignored without one")
    func strokeShownDuringShare() throws {
        var script = ServerScript()
        var idle = try ConsumerSession.welcomed(script: &script)
        let ignored = idle.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("a", at: (5, 5)))), at: .now)
        #expect(shown(ignored).isEmpty)

        var session = try sharing(&script)
        let drawn = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("a", at: (5, 5)))), at: .now)
        #expect(shown(drawn) == [["a"]])
        #expect(try ServerScript.sent(drawn).isEmpty)
        #expect(session.share?.annotations.strokes.map(\.id) == ["a"])
    }

    @Test("the agent clearing its strokes takes them all off, and the agent is not told back")
    func agentClears() throws {
        var script = ServerScript()
        var session = try sharing(&script)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("a", at: (5, 5)))), at: .now)
        let cleared = session.receive(try script.frame(.clearAnnotations(agentID: "sam")), at: .now)
        #expect(shown(cleared) == [[]])
        #expect(try ServerScript.sent(cleared).isEmpty)
    }

    @Test("a content change under a stroke removes it and tells the agent, unless annotations are kept")
    func contentChange() throws {
        var script = ServerScript()
        var session = try sharing(&script)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("near", at: (10, 10)))), at: .now)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("far", at: (500, 500)))), at: .now)
        let tile = ChangedTile(rect: PixelRect(x: 0, y: 0, width: 64, height: 64), changedPixels: 200)

        #expect(session.contentChanged(in: [tile], keep: true).isEmpty)
        let changed = session.contentChanged(in: [tile], keep: false)
        #expect(shown(changed) == [["far"]])
        #expect(try ServerScript.sent(changed) == [.annotationsCleared(ids: ["near"], reason: .contentChanged)])
        #expect(session.contentChanged(in: [tile], keep: false).isEmpty, "nothing left there: nothing to say")
    }

    @Test("the person clearing the strokes tells the agent which went")
    func personClears() throws {
        var script = ServerScript()
        var session = try sharing(&script)
        #expect(session.clearAnnotations().isEmpty)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("a", at: (1, 1)))), at: .now)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("b", at: (2, 2)))), at: .now)
        let cleared = session.clearAnnotations()
        #expect(shown(cleared) == [[]])
        #expect(try ServerScript.sent(cleared) == [.annotationsCleared(ids: ["a", "b"], reason: .person)])
    }

    @Test("more than a hundred strokes drops the oldest and tells the agent tooMany")
    func tooMany() throws {
        var script = ServerScript()
        var session = try sharing(&script)
        for index in 0..<AnnotationBoard.capacity {
            _ = session.receive(
                try script.frame(.annotate(agentID: "sam", stroke: stroke(AnnotationID("s\(index)"), at: (1, 1)))),
                at: .now)
        }
        let over = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("last", at: (1, 1)))), at: .now)
        #expect(try ServerScript.sent(over) == [.annotationsCleared(ids: ["s0"], reason: .tooMany)])
        #expect(session.share?.annotations.strokes.count == AnnotationBoard.capacity)
    }

    @Test("strokes end with the share: a new share starts with none")
    func endWithShare() throws {
        var script = ServerScript()
        var session = try sharing(&script)
        _ = session.receive(try script.frame(.annotate(agentID: "sam", stroke: stroke("a", at: (1, 1)))), at: .now)
        _ = session.stopSharing()
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-2", agentID: "sam")), at: .now)
        _ = session.answer("share-2", accepted: true)
        #expect(session.share?.annotations.isEmpty == true)
    }
}
