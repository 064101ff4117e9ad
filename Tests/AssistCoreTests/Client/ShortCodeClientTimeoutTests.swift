import AssistCore
import Foundation
import Testing

@Suite("Short-code client: a server that does not answer")
struct ShortCodeClientTimeoutTests {
    /// A socket on 127.0.0.1 that takes connections (the kernel's backlog)
    /// but never reads or answers; closed when the test ends.
    private final class SilentListener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(descriptor, generic, length) == 0 && listen(descriptor, 4) == 0
                        && getsockname(descriptor, generic, &length) == 0
                }
            }
            guard descriptor >= 0, listening else {
                close(descriptor)
                throw POSIXError(.EADDRNOTAVAIL)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    @Test("a request the server never answers fails after its timeout as the server not answering in time")
    func silentServerTimesOut() async throws {
        let listener = try SilentListener()
        let codes = ShortCodeClient(server: try #require(URL(string: "http://127.0.0.1:\(listener.port)")), timeout: 0.5)
        let error = await #expect(throws: UserFacingError.self) { try await codes.createCode() }
        #expect(error?.message == "The support server did not answer in time.")
        withExtendedLifetime(listener) {}
    }

    @Test("a client made from a configuration waits the configuration's timeout, and one made without it 30 s")
    func configurationTimeout() throws {
        var configuration = Configuration()
        configuration.server = URL(string: "http://127.0.0.1:9")
        configuration.timeout = 0.3
        let codes = try #require(ShortCodeClient(configuration: configuration, access: ServerAccess()))
        #expect(codes.timeout == 0.3)
        #expect(ShortCodeClient(server: try #require(configuration.server)).timeout == 30)
    }
}
