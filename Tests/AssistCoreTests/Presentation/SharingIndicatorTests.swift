import Testing

@testable import AssistCore

@Suite("Sharing indicator")
struct SharingIndicatorTests {
    @Test("the bar names the agent who sees the window and says what is covered")
    func namesAgent() {
        let indicator = SharingIndicator(ScreenShare(requestID: "r-1", agent: Agent(id: "a", name: " Sam ")))
        #expect(indicator.title == "Sam can see this window")
        #expect(indicator.detail == "Only this app's window is shared, and fields kept private are covered.")
        #expect(indicator.stopDescription == "Stop sharing this window with Sam")
    }

    @Test("with control the bar says the agent can also act, and shows it")
    func control() {
        var share = ScreenShare(requestID: "r-1", agent: Agent(id: "a", name: "Sam"))
        #expect(!SharingIndicator(share).showsControl)
        share.controlRequestID = "c-1"
        let indicator = SharingIndicator(share)
        #expect(indicator.showsControl)
        #expect(indicator.title == "Sam can see and control this window")
        #expect(indicator.detail.hasPrefix("Sam can click and type where this app allows it."))
    }

    @Test("the drawing can be cleared only while there is one, and the bar's text stays the same")
    func drawing() {
        var share = ScreenShare(requestID: "r-1", agent: Agent(id: "a", name: "Sam"))
        let before = SharingIndicator(share)
        #expect(!before.canClearDrawing)
        _ = share.annotations.draw(
            AnnotationStroke(id: "s", color: RGBAColor8(red: 1, green: 2, blue: 3), width: 2, points: [.init(x: 1, y: 1)]))
        let indicator = SharingIndicator(share)
        #expect(indicator.canClearDrawing)
        #expect(indicator.title == before.title && indicator.detail == before.detail)
    }

    @Test("an agent without a name is called the agent")
    func blankName() {
        let indicator = SharingIndicator(ScreenShare(requestID: "r-1", agent: Agent(id: "a", name: "  ")))
        #expect(indicator.title == "The agent can see this window")
    }
}
