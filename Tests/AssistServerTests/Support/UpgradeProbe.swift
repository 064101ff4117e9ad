import Foundation

/// Sends one WebSocket upgrade request and reads the status code of the
/// answer: 101 when the server upgrades, 400 when it refuses. For tests of
/// the rules a server applies before any frame (the `Origin` allow-list).
enum UpgradeProbe {
    /// The status `url` (`http://127.0.0.1:PORT`) answers an upgrade to
    /// `path` sent with `Origin: origin`; `nil` when no answer came within 5 s.
    static func status(of url: String, path: String, origin: String) throws -> Int? {
        guard let port = URL(string: url)?.port else { throw POSIXError(.EINVAL) }
        let descriptor = try Loopback.connect(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array(
            (StalledSocket.upgradeRequest(port: port, path: path)
                .replacingOccurrences(of: "Origin: ws://127.0.0.1\r\n", with: "Origin: \(origin)\r\n")).utf8)
        guard write(descriptor, request, request.count) == request.count else { throw POSIXError(.EIO) }
        var answer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &answer, answer.count)
        guard count > 0 else { return nil }
        let statusLine = String(decoding: answer[..<count], as: UTF8.self).split(separator: "\r\n").first ?? ""
        return statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
