@testable import AssistServer
import Foundation
import Testing

@Suite("Token key files shared by servers")
struct TokenSealerKeyFileTests {
    @Test("servers reading the same key file open each other's sealed tokens")
    func sharedKey() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("token.key").path
        _ = try TokenSealer(keyFile: path)
        let sealed = try TokenSealer(sharedKeyFile: path).seal("session-token")
        #expect(try TokenSealer(sharedKeyFile: path).open(sealed) == "session-token")
        #expect(TokenSealer().open(sealed) == nil)
    }

    @Test("a missing key file is an error naming it, and is not created")
    func missingFile() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("token.key").path
        #expect(throws: TokenSealerError.missingKeyFile(path)) { try TokenSealer(sharedKeyFile: path) }
        #expect(TokenSealerError.missingKeyFile(path).description.contains(path))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a key file that does not hold 32 bytes is an error naming it")
    func malformedFile() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("token.key").path
        for size in [0, 31, 33, 64] {
            try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
            #expect(throws: TokenSealerError.malformedKeyFile(path)) { try TokenSealer(sharedKeyFile: path) }
        }
        #expect(TokenSealerError.malformedKeyFile(path).description.contains(path))
    }

    @Test("a key path that cannot be read as a file is an error naming it")
    func unreadableFile() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let error = #expect(throws: TokenSealerError.self) { try TokenSealer(sharedKeyFile: folder.url.path) }
        guard case .unreadableKeyFile(let path, _)? = error else {
            Issue.record("expected unreadableKeyFile, got \(String(describing: error))")
            return
        }
        #expect(path == folder.url.path)
        #expect(error?.description.contains(folder.url.path) == true)
    }
}
