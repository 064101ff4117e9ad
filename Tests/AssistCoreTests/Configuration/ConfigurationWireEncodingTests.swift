import AssistCore
import Testing

@Suite("Wire encodings of uui and auditName")
struct ConfigurationWireEncodingTests {
    @Test("uui is sent as the lowercase hex of its UTF-8 bytes", arguments: [
        ("", ""), ("ab", "6162"), ("Z~", "5a7e"), ("é", "c3a9"), ("id=7 ✓", "69643d3720e29c93"),
    ])
    func uuiHex(_ uui: String, _ hex: String) {
        var configuration = Configuration()
        configuration.uui = uui
        #expect(configuration.uuiHex == hex)
    }

    @Test("auditName is sent with everything but unreserved characters percent-encoded", arguments: [
        ("", ""), ("jane.doe-1_x~", "jane.doe-1_x~"), ("a&b=c+d e", "a%26b%3Dc%2Bd%20e"), ("José", "Jos%C3%A9"),
        ("/?#%", "%2F%3F%23%25"),
    ])
    func auditNameURLEncoded(_ auditName: String, _ encoded: String) {
        var configuration = Configuration()
        configuration.auditName = auditName
        #expect(configuration.auditNameURLEncoded == encoded)
    }
}
