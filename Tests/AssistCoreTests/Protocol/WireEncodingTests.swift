import AssistCore
import Foundation
import Testing

@Suite("uui travels hex-encoded and auditName URL-encoded")
struct WireEncodingTests {
    @Test("Hex encodes UTF-8 bytes as lowercase pairs and decodes either case")
    func hex() {
        #expect(WireEncoding.hex("Hi") == "4869")
        #expect(WireEncoding.hex("é") == "c3a9")
        #expect(WireEncoding.hex(bytes: [0, 15, 255]) == "000fff")
        #expect(WireEncoding.bytes(fromHex: "000FfF") == [0, 15, 255])
        #expect(WireEncoding.string(fromHex: "c3a9") == "é")
    }

    @Test("Hex that is odd, not hexadecimal or not UTF-8 is refused")
    func badHex() {
        #expect(WireEncoding.bytes(fromHex: "abc") == nil)
        #expect(WireEncoding.bytes(fromHex: "zz") == nil)
        #expect(WireEncoding.string(fromHex: "ff") == nil)
    }

    @Test("URL encoding keeps only unreserved characters and uses uppercase escapes")
    func urlQueryValue() {
        #expect(WireEncoding.urlQueryValue("Ann Lee/ü+1") == "Ann%20Lee%2F%C3%BC%2B1")
        #expect(WireEncoding.urlQueryValue("a-b_c.d~e") == "a-b_c.d~e")
        #expect(WireEncoding.string(fromURLQueryValue: "Ann%20Lee%2f%C3%BC") == "Ann Lee/ü")
        #expect(WireEncoding.string(fromURLQueryValue: "a+b") == "a+b")
    }

    @Test("Broken URL escapes are refused")
    func badURLEncoding() {
        #expect(WireEncoding.string(fromURLQueryValue: "100%") == nil)
        #expect(WireEncoding.string(fromURLQueryValue: "%G1") == nil)
        #expect(WireEncoding.string(fromURLQueryValue: "%FF") == nil)
    }

    @Test("A hello carries uui as hex and auditName URL-encoded, and reads them back as text")
    func helloOnTheWire() throws {
        let hello = ConsumerHello(destination: "billing", auditName: "Ann Lee", uui: "ref=1")
        let text = try ProtocolCodec.encode(Envelope(ConsumerMessage.hello(hello)))
        #expect(text.contains(#""auditName":"Ann%20Lee""#))
        #expect(text.contains(#""uui":"7265663d31""#))
        #expect(try ProtocolCodec.decode(text: text, as: ConsumerMessage.self).message == .hello(hello))
    }
}
