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
}
