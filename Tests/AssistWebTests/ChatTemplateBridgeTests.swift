import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import Foundation
import Testing

/// The template seed's bridge between a chat template page and the app,
/// against a stand-in template served from one origin with a frame from
/// another.
@Suite("Chat template bridge", .serialized)
@MainActor
struct ChatTemplateBridgeTests {
    @Test("each handler reaches the delegate with its body, from the template's top frame")
    func handlersReachTheDelegate() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        #expect(harness.title.hasPrefix("ready:true"), "the page found window.webkit.messageHandlers.IOSInterface")
        harness.runPageScript(
            """
            post('IOSChatStarted', 'S-1'); post('IOSSetSessionId', 'S-1'); post('IOSChatEnded', 'agentEnded');
            post('IOSChatClosed', ''); post('IOSSaveTranscript', 'plain words'); post('IOSPrintTranscript', 'printed words');
            """)
        #expect(harness.wait { harness.recorder.messages.count >= 7 })
        #expect(
            harness.recorder.messages == [
                .customerDataRequested, .chatStarted(sessionID: "S-1"), .sessionID("S-1"), .chatEnded(reason: "agentEnded"),
                .chatClosed, .saveTranscript(.text("plain words")), .printTranscript(.text("printed words")),
            ])
        #expect(harness.chat.sessionID == "S-1")
    }

    @Test("IOSGetCustomerData is answered with the configured JSON only with postChatAttributes=true")
    func customerDataOnlyWithPostChatAttributes() throws {
        let data = ["fieldname_2": "ada@example.com", "SAMLResponse": #"<saml a="1">'é</saml>"#]
        let withAttributes = try TemplateHarness(query: "entryPointId=support&postChatAttributes=true", customerData: data)
        defer { withAttributes.close() }
        #expect(withAttributes.waitUntilReady())
        #expect(withAttributes.wait { withAttributes.title.contains("customer:") })
        let expected = #"customer:{"SAMLResponse":"<saml a=\"1\">'é</saml>","fieldname_2":"ada@example.com"}"#
        #expect(withAttributes.title.components(separatedBy: " | ").filter { $0.hasPrefix("customer:") } == [expected])

        let without = try TemplateHarness(customerData: data)
        defer { without.close() }
        #expect(without.waitUntilReady())
        #expect(without.wait { without.recorder.messages.contains(.customerDataRequested) })
        WebHarness.iterate(for: .milliseconds(500))
        #expect(without.title.hasPrefix("ready:true"))
        #expect(!without.title.contains("customer:"), "no customer data reached the page")
    }

    @Test("a message posted from a cross-origin frame reaches nothing")
    func foreignFrameReachesNothing() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        #expect(harness.wait { harness.title.contains("frame:") }, "the frame ran and told its parent")
        #expect(harness.title.contains("frame:unreachable"), "the seed's names do not exist in the frame")
        harness.runPageScript("post('IOSChatStarted', 'control')")
        #expect(harness.wait { harness.recorder.messages.contains(.chatStarted(sessionID: "control")) })
        #expect(!harness.recorder.messages.contains(.chatEnded(reason: "fromFrame")))
    }

    @Test("after the top frame navigated to another origin, its messages are ignored")
    func anotherOriginIsIgnored() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        let before = harness.recorder.messages.count
        harness.runPageScript("window.location.assign('\(harness.site.second)/system/templates/chat/assist/elsewhere.html')")
        #expect(harness.wait { harness.title.hasPrefix("elsewhere:") })
        #expect(harness.title == "elsewhere:false", "the other origin's page has no bridge")
        WebHarness.iterate(for: .milliseconds(300))
        #expect(harness.recorder.messages.count == before)
        harness.chat.closeChat()
        WebHarness.iterate(for: .milliseconds(300))
        #expect(harness.title == "elsewhere:false", "MobileInterface is not called on another origin")
    }

    @Test("CloseChat and ShowCloseButton reach the page's MobileInterface")
    func mobileInterfaceReachesThePage() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        harness.chat.showCloseButton(false)
        #expect(harness.wait { harness.title.contains("ShowCloseButton:false") })
        harness.chat.closeChat()
        #expect(harness.wait { harness.recorder.messages.contains(.chatEnded(reason: "closedByApp")) })
        let log = harness.title.components(separatedBy: " | ").filter { !$0.hasPrefix("frame:") }
        #expect(log == ["ready:true", "ShowCloseButton:false", "CloseChat"])
    }
}
