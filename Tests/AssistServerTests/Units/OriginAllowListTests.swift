import AssistServer
import Testing

@Suite("The Origin allow-list of agent endpoints")
struct OriginAllowListTests {
    @Test("only exact listed origins pass, ignoring case and a trailing slash")
    func exactMatch() {
        let list = OriginAllowList(["https://console.example.com"])
        #expect(list.permits("https://console.example.com"))
        #expect(list.permits("HTTPS://Console.Example.com/"))
        #expect(!list.permits("https://console.example.com.evil.test"))
        #expect(!list.permits("http://console.example.com"))
        #expect(!list.permits("https://console.example.com:8443"))
    }

    @Test("a missing or empty Origin is refused, and every origin named must be listed")
    func missingAndSeveral() {
        let list = OriginAllowList(["https://a.example"])
        list.allow("https://b.example")
        #expect(!list.permits(nil))
        #expect(!list.permits(""))
        #expect(list.permits("https://a.example, https://b.example"))
        #expect(!list.permits("https://a.example, https://evil.example"))
    }

    @Test("the consumer endpoint takes native apps (no Origin, or ws/wss) and only listed web pages")
    func consumerOrigins() {
        let list = OriginAllowList(["https://help.example.com"])
        #expect(list.permitsConsumer(nil))
        #expect(list.permitsConsumer(""))
        #expect(list.permitsConsumer("ws://127.0.0.1"))
        #expect(list.permitsConsumer("WSS://support.example.com"))
        #expect(list.permitsConsumer("https://help.example.com/"))
        #expect(!list.permitsConsumer("https://any-site.example"))
        #expect(!list.permitsConsumer("null"))
        #expect(!list.permitsConsumer("ws://127.0.0.1, https://any-site.example"))
    }
}
