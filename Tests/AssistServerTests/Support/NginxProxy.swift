import Foundation

/// Debian's nginx in front of a support server, as a deployment has it:
/// it terminates TLS with a throw-away self-signed certificate for
/// `localhost`, proxies HTTP and WebSocket upgrades to the server, adds a
/// load balancer's `Set-Cookie: route=r1` to every answer, and logs each
/// request's `Cookie` header. Or (``balancing(_:_:)``) in front of the nodes
/// of a cluster, over plain HTTP: each request and upgrade goes to the next
/// node in turn, with no sticky sessions, and to another when a node refuses
/// the connection or answers 502/503.
///
/// Everything lives in a temporary folder made for it and removed after;
/// nginx is stopped after the body, also when it throws.
final class NginxProxy: Sendable {
    /// Where Debian installs nginx.
    static let binary = "/usr/sbin/nginx"
    /// Whether nginx is installed (`build.sh deps` installs `nginx-light`).
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binary) }
    /// The cookie the proxy sets, as a sticky-session load balancer does.
    static let routeCookie = "route=r1"

    /// The proxy's address: `https://localhost:PORT`. A host name, since TLS
    /// does not put IP addresses in SNI.
    let url: String
    private let folder: URL
    private let process: Process
    private let exit: ExitWatch

    private init(url: String, folder: URL, process: Process, exit: ExitWatch) {
        self.url = url
        self.folder = folder
        self.process = process
        self.exit = exit
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Starts nginx in front of `upstream` (the server's `http://127.0.0.1:PORT`),
    /// runs `body` with it, then stops it and removes its folder.
    static func run<T: Sendable>(upstream: String, _ body: (NginxProxy) async throws -> T) async throws -> T {
        try await run(upstreams: [upstream], tls: true, body)
    }

    /// Starts nginx balancing round-robin over `nodes` (each an
    /// `http://127.0.0.1:PORT`) on `http://127.0.0.1:PORT`, runs `body` with
    /// it, then stops it and removes its folder.
    static func balancing<T: Sendable>(_ nodes: [String], _ body: (NginxProxy) async throws -> T) async throws -> T {
        try await run(upstreams: nodes, tls: false, body)
    }

    private static func run<T: Sendable>(
        upstreams: [String], tls: Bool, _ body: (NginxProxy) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let proxy = try await start(upstreams: upstreams, tls: tls, in: folder)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(proxy))
        } catch {
            result = .failure(error)
        }
        await proxy.stop()
        return try result.get()
    }

    /// The `Cookie` header of each request to `path` that nginx has logged,
    /// `nil` for a request without one. A WebSocket upgrade is logged when
    /// its connection closes.
    func cookies(sentTo path: String) throws -> [String?] {
        let log = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0] == path else { return nil }
            return fields[1] == "-" ? nil : String(fields[1])
        }
    }

    /// Waits until nginx has logged `count` requests to `path`.
    func waitForRequests(to path: String, count: Int, timeout: Duration = .seconds(15)) async throws -> [String?] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let logged = try cookies(sentTo: path)
            if logged.count >= count { return logged }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw NginxProxyError.notLogged(path: path, log: try cookies(sentTo: path))
    }

    private static func start(upstreams: [String], tls: Bool, in folder: URL) async throws -> NginxProxy {
        if tls { try await makeCertificate(in: folder) }
        let port = try freePort()
        try configuration(port: port, upstreams: upstreams, tls: tls, folder: folder)
            .write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path,
            "-e", folder.appendingPathComponent("error.log").path,
        ]
        let exit = ExitWatch()
        process.terminationHandler = { process in
            let status = process.terminationStatus
            Task { await exit.exited(status) }
        }
        try process.run()
        let url = tls ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)"
        let proxy = NginxProxy(url: url, folder: folder, process: process, exit: exit)
        let deadline = ContinuousClock.now + .seconds(10)
        while !accepts(port: port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                await proxy.stop()
                let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                throw NginxProxyError.didNotStart(log)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return proxy
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 10 s) and waits for it.
    private func stop() async {
        kill(process.processIdentifier, SIGTERM)
        if await exit.wait(upTo: .seconds(10)) { return }
        kill(process.processIdentifier, SIGKILL)
        await exit.wait(upTo: nil)
    }

    private static func configuration(port: Int, upstreams: [String], tls: Bool, folder: URL) -> String {
        let path = folder.path
        let servers = upstreams.map { "server \($0.replacingOccurrences(of: "http://", with: "")) max_fails=1 fail_timeout=2s;" }
        let listen =
            tls
            ? """
                listen 127.0.0.1:\(port) ssl;
                        ssl_certificate \(path)/cert.pem;
                        ssl_certificate_key \(path)/key.pem;
                        add_header Set-Cookie "\(routeCookie); Path=/; Secure; HttpOnly" always;
                """
            : "listen 127.0.0.1:\(port);"
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 512; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                log_format cookies '$uri\t$http_cookie';
                map $http_upgrade $connection_upgrade {
                    default upgrade;
                    '' close;
                }
                upstream assist_nodes {
                    \(servers.joined(separator: "\n            "))
                }
                server {
                    \(listen)
                    server_name localhost;
                    access_log \(path)/access.log cookies;
                    location / {
                        proxy_pass http://assist_nodes;
                        proxy_next_upstream error timeout http_502 http_503;
                        proxy_connect_timeout 2s;
                        proxy_http_version 1.1;
                        proxy_set_header Upgrade $http_upgrade;
                        proxy_set_header Connection $connection_upgrade;
                        proxy_set_header Host $host;
                        proxy_read_timeout 1h;
                    }
                }
            }

            """
    }

    /// A self-signed certificate for `localhost`, valid for a day.
    private static func makeCertificate(in folder: URL) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost",
            "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = ExitWatch()
        process.terminationHandler = { process in
            let status = process.terminationStatus
            Task { await exit.exited(status) }
        }
        try process.run()
        guard await exit.wait(upTo: .seconds(30)), process.terminationStatus == 0 else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw NginxProxyError.noCertificate
        }
    }

    /// A TCP port on 127.0.0.1 that nobody listens on now.
    private static func freePort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw NginxProxyError.noPort }
        defer { close(socket) }
        var address = Loopback.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw NginxProxyError.noPort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private static func accepts(port: Int) -> Bool {
        guard let socket = try? Loopback.connect(port: port) else { return false }
        close(socket)
        return true
    }
}

/// Why the nginx proxy of a test could not be used.
enum NginxProxyError: Error, CustomStringConvertible {
    case noCertificate
    case noPort
    case didNotStart(String)
    case notLogged(path: String, log: [String?])

    var description: String {
        switch self {
        case .noCertificate: "openssl did not make a self-signed certificate"
        case .noPort: "no free port on 127.0.0.1 for nginx"
        case .didNotStart(let log): "nginx did not start: \(log)"
        case .notLogged(let path, let log): "nginx did not log the requests to \(path) in time; logged: \(log)"
        }
    }
}
