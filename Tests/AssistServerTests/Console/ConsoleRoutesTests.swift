import AssistServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Agent console files")
struct ConsoleRoutesTests {
    @Test("/console and /console/ answer index.html as text/html")
    func indexIsHTML() async throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        try await folder.withRouterClient { client in
            for uri in ["/console", "/console/", "/console/index.html"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
                    #expect(String(buffer: response.body) == ConsoleFolder.index, "\(uri)")
                }
            }
        }
    }

    @Test("scripts and styles carry their content types and a content security policy")
    func scriptAndStyleTypes() async throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        try await folder.withRouterClient { client in
            try await client.execute(uri: "/console/console.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.contentSecurityPolicy]?.contains("connect-src 'self'") == true)
                #expect(String(buffer: response.body) == ConsoleFolder.script)
            }
            try await client.execute(uri: "/console/console.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            }
        }
    }

    @Test(
        "unknown, hidden, unserved and folder names are 404",
        arguments: ["/console/missing.js", "/console/.secret.js", "/console/notes.txt", "/console/parts", "/console/parts/inner.js"])
    func notFound(uri: String) async throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        try await folder.withRouterClient { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(
        "paths that climb out of the folder are refused",
        arguments: [
            "/console/../outside.js", "/console/..%2Foutside.js", "/console/%2E%2E%2Foutside.js",
            "/console/..", "/console/%2e%2e", "/console/parts/../../outside.js", "/console/..%5Coutside.js",
        ])
    func traversalRefused(uri: String) async throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        try await folder.withRouterClient { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status != .ok)
                #expect(!String(buffer: response.body).contains(ConsoleFolder.outside))
            }
        }
    }

    @Test("an explicit folder wins over the environment and must hold index.html")
    func explicitFolder() throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        let found = try ConsoleFiles.locate(
            explicitDirectory: folder.console.path,
            environment: [ConsoleFiles.environmentVariable: "/nonexistent"],
            executablePath: nil)
        #expect(found.directory == folder.console.path)
        #expect(throws: ConsoleFilesError.self) {
            try ConsoleFiles.locate(explicitDirectory: folder.root.path, environment: [:], executablePath: nil)
        }
    }

    @Test("the environment variable is used when no folder is given")
    func environmentFolder() throws {
        let folder = try ConsoleFolder()
        defer { folder.remove() }
        let found = try ConsoleFiles.locate(
            explicitDirectory: nil,
            environment: [ConsoleFiles.environmentVariable: folder.console.path],
            executablePath: "/nonexistent/bin/assist-server")
        #expect(found.directory == folder.console.path)
    }

    @Test("a build inside the repository finds data/console above the executable")
    func repositoryLayout() throws {
        let folder = try ConsoleFolder(layout: "data/console")
        defer { folder.remove() }
        let executable = folder.root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/assist-server")
        let found = try ConsoleFiles.locate(explicitDirectory: nil, environment: [:], executablePath: executable.path)
        #expect(found.directory == folder.console.path)
    }

    @Test("a server installed under any prefix finds PREFIX/share/assist/console beside PREFIX/bin")
    func installedPrefix() throws {
        let folder = try ConsoleFolder(layout: "prefix/share/assist/console")
        defer { folder.remove() }
        let executable = folder.root.appendingPathComponent("prefix/bin/assist-server")
        let found = try ConsoleFiles.locate(explicitDirectory: nil, environment: [:], executablePath: executable.path)
        #expect(found.directory == folder.console.path)
    }
}

/// A temporary console folder with a few files, a subfolder and a file just
/// outside it that must never be served.
private struct ConsoleFolder {
    static let index = "<!doctype html><title>Console</title>\n"
    static let script = "export const ready = true;\n"
    static let outside = "outside the console folder"

    let root: URL
    let console: URL

    init(layout: String = "console") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("console-test-\(UUID().uuidString)")
        console = root.appendingPathComponent(layout)
        let parts = console.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        try Self.write(Self.index, to: console.appendingPathComponent("index.html"))
        try Self.write(Self.script, to: console.appendingPathComponent("console.js"))
        try Self.write("body { margin: 0; }\n", to: console.appendingPathComponent("console.css"))
        try Self.write("not served\n", to: console.appendingPathComponent("notes.txt"))
        try Self.write(Self.script, to: console.appendingPathComponent(".secret.js"))
        try Self.write(Self.script, to: parts.appendingPathComponent("inner.js"))
        try Self.write(Self.outside, to: console.deletingLastPathComponent().appendingPathComponent("outside.js"))
    }

    func withRouterClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router()
        router.addConsoleRoutes(files: ConsoleFiles(directory: console.path))
        try await Application(router: router).test(.router, body)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    private static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}
