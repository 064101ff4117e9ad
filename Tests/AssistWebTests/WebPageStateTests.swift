import AssistCore
import AssistGtk
import Testing

@testable import AssistWeb

/// What the app makes of the page script's messages, without a display.
@Suite("Web page state and messages")
struct WebPageStateTests {
    static func parts(page: Int, generation: Int, latest: Int? = nil, parts: String = "[]") -> String {
        #"{"kind":"parts","page":\#(page),"generation":\#(generation),"latest":\#(latest ?? generation),"width":400,"height":300,"parts":\#(parts),"focus":null}"#
    }

    static let onePart = #"[{"parent":null,"x":10.5,"y":20,"w":100,"h":50,"marker":"secret","tags":[],"password":false}]"#

    @Test("a page is concealed until it reports, and after a change until parts at least that new arrive")
    func concealedUntilSettled() throws {
        var state = WebPageState()
        state.navigationStarted()
        #expect(state.embeddedParts(widgetWidth: 400) == .concealed)
        state.receive(try PageMessage(json: Self.parts(page: 1, generation: 1, parts: Self.onePart)))
        #expect(state.embeddedParts(widgetWidth: 400) != .concealed)
        state.receive(try PageMessage(json: #"{"kind":"changed","page":1,"generation":2}"#))
        #expect(state.embeddedParts(widgetWidth: 400) == .concealed)
        state.receive(try PageMessage(json: Self.parts(page: 1, generation: 2)))
        #expect(state.embeddedParts(widgetWidth: 400) == .known(parts: [], focus: nil))
    }

    @Test("parts collected while the page changed leave it concealed")
    func partsOverTakenByAChange() throws {
        var state = WebPageState()
        state.navigationStarted()
        state.receive(try PageMessage(json: Self.parts(page: 1, generation: 3, latest: 4)))
        #expect(state.embeddedParts(widgetWidth: 400) == .concealed)
    }

    @Test("messages of a page navigated away from are ignored")
    func oldPageIgnored() throws {
        var state = WebPageState()
        state.navigationStarted()
        state.navigationStarted()
        state.receive(try PageMessage(json: Self.parts(page: 1, generation: 1)))
        #expect(state.embeddedParts(widgetWidth: 400) == .concealed)
    }

    @Test("parts are scaled from CSS pixels to the widget's and rounded outward")
    func scaling() throws {
        var state = WebPageState()
        state.navigationStarted()
        state.receive(try PageMessage(json: Self.parts(page: 1, generation: 0, parts: Self.onePart)))
        let expected = SharedWidget(parent: nil, bounds: PixelRect(x: 21, y: 40, width: 200, height: 100), marker: "secret")
        #expect(state.embeddedParts(widgetWidth: 800) == .known(parts: [expected], focus: nil))
    }

    @Test(
        "anything the script would not send is refused",
        arguments: [
            "not json",
            #"{"kind":"parts","page":1}"#,
            #"{"kind":"other","page":1,"generation":1}"#,
            WebPageStateTests.parts(page: 1, generation: 1, parts: #"[{"parent":0,"x":0,"y":0,"w":1,"h":1,"marker":null,"tags":[],"password":false}]"#),
            WebPageStateTests.parts(page: 1, generation: 1, parts: #"[{"parent":null,"x":0,"y":0,"w":-1,"h":1,"marker":null,"tags":[],"password":false}]"#),
            WebPageStateTests.parts(page: 1, generation: 1, parts: #"[{"parent":null,"x":1e300,"y":0,"w":1,"h":1,"marker":null,"tags":[],"password":false}]"#),
            #"{"kind":"parts","page":1,"generation":1,"latest":1,"width":0,"height":300,"parts":[],"focus":null}"#,
        ])
    func refused(_ json: String) {
        #expect(throws: PageMessageError.self) { try PageMessage(json: json) }
    }

    @Test("questions: configuration and confirm only")
    func questions() throws {
        #expect(try PageQuestion(json: #"{"kind":"configuration"}"#) == .configuration)
        #expect(try PageQuestion(json: #"{"kind":"confirm","token":"ab"}"#) == .confirm(token: "ab"))
        #expect(throws: PageMessageError.self) { try PageQuestion(json: #"{"kind":"confirm"}"#) }
        #expect(throws: PageMessageError.self) { try PageQuestion(json: #"{"kind":"click","token":"ab"}"#) }
    }

    @Test("an input token works once, and an unknown one never")
    func tokens() {
        var tokens = InputTokens()
        let token = tokens.issue()
        #expect(token.count == 32)
        let unknown = tokens.redeem("0011")
        let first = tokens.redeem(token)
        let again = tokens.redeem(token)
        #expect(!unknown)
        #expect(first)
        #expect(!again)
    }

    @Test("only the newest tokens are kept")
    func tokenLimit() {
        var tokens = InputTokens()
        let oldest = tokens.issue()
        for _ in 0..<InputTokens.limit { _ = tokens.issue() }
        let redeemed = tokens.redeem(oldest)
        #expect(!redeemed)
    }
}
