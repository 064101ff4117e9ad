import Foundation

/// Test pages served over HTTP on two loopback ports — two origins — by a
/// Python `http.server` the test starts and kills; `{{OTHER}}` in a page
/// becomes the other origin's address, for cross-origin frames. A page name
/// may hold folders. A `POST` to `/v1/attachments/ID/download` is the
/// template's download: answered 200 with a `Content-Disposition` file
/// `report.txt` whose text repeats the method, content type and body, when
/// the content type is `application/x-www-form-urlencoded` and the body
/// `sid=…`; otherwise 400.
final class TwoOriginSite {
    /// `http://127.0.0.1:PORT` of the first origin, where top pages are loaded.
    let first: String
    /// The second origin, for cross-origin frames.
    let second: String

    private let process: Process
    /// Kept open: the server stops if its input ends.
    private let input: Pipe
    private let folder: URL

    /// Writes `pages` (file name → HTML) into a fresh folder and serves it.
    init(pages: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.server, folder.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = Self.readLine(from: output.fileHandleForReading)
        let ports = line.split(separator: " ").map(String.init)
        guard ports.count == 2 else { throw SiteError.serverDidNotStart(line) }
        first = "http://127.0.0.1:\(ports[0])"
        second = "http://127.0.0.1:\(ports[1])"
        for (name, html) in pages {
            let text = html.replacingOccurrences(of: "{{OTHER}}", with: second)
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    deinit {
        // WebKit's helper processes inherit the pipe's write end, so the
        // server would never read the end of its input; and it inherits the
        // signal mask of the test's thread, which blocks SIGTERM: it is killed.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The address of page `name` on the first origin.
    func url(_ name: String) -> String { "\(first)/\(name)" }

    enum SiteError: Error {
        case serverDidNotStart(String)
    }

    private static func readLine(from handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != 10 { bytes.append(first) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Serves the folder in argv[1] on two free ports, prints them, and
    /// serves until it is stopped (or its input ends).
    private static let server = """
        import functools, http.server, sys, threading
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args): pass
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', '0'))).decode()
                kind = self.headers.get('Content-Type', '')
                good = self.path.startswith('/v1/attachments/') and '/download?key=' in self.path
                good = good and kind == 'application/x-www-form-urlencoded' and body.startswith('sid=')
                answer = ('POST %s %s' % (kind, body)).encode()
                self.send_response(200 if good else 400)
                if good: self.send_header('Content-Disposition', 'attachment; filename="report.txt"')
                self.send_header('Content-Length', str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
        servers = [http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Quiet, directory=sys.argv[1])) for _ in range(2)]
        for s in servers: threading.Thread(target=s.serve_forever, daemon=True).start()
        print(' '.join(str(s.server_address[1]) for s in servers), flush=True)
        sys.stdin.read()
        """
}
