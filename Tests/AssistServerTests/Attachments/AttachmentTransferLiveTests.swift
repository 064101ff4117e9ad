import AssistCore
import AssistServer
import Foundation
import Synchronization
import Testing

@Suite("The app's side of files: AttachmentTransfer against the real server")
struct AttachmentTransferLiveTests {
    /// A folder of its own for one test.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a 3 MB file goes up in parts with progress, comes back byte for byte, and a second copy gets a free name")
    func roundTrip() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("screen.png")
        let bytes = AttachmentLiveTests.png(size: 3_000_000)
        try bytes.write(to: source)
        try await AttachmentLiveTests.withAssignedSession { url, token, session in
            let transfer = AttachmentTransfer(server: try #require(URL(string: url)), access: ServerAccess())
            let seen = Mutex<[Int]>([])
            let (info, _) = try await transfer.upload(source, name: "screen.png", resumeToken: token) { stored in
                seen.withLock { $0.append(stored) }
            }
            #expect(seen.withLock { $0 } == [1_048_576, 2_097_152, 3_000_000])
            #expect(info.mediaType == "image/png")
            let downloads = folder.appendingPathComponent("Downloads")
            try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
            let first = try await transfer.download(info, session: SessionID(session), resumeToken: token, into: downloads)
            let second = try await transfer.download(info, session: SessionID(session), resumeToken: token, into: downloads)
            #expect(first.lastPathComponent == "screen.png")
            #expect(second.lastPathComponent == "screen (2).png")
            #expect(try Data(contentsOf: first) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path).sorted() == ["screen (2).png", "screen.png"],
                    "no partial file is left behind")
        }
    }

    @Test("a refusal comes with the server's sentence; a kind of file no server can check is not sent at all")
    func refusals() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.png")
        try AttachmentLiveTests.png(size: 2_000).write(to: big)
        let program = folder.appendingPathComponent("tool")
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]).write(to: program)
        var settings = try TestServer.settings()
        settings.attachments.maxBytes = 1_000
        try await AttachmentLiveTests.withAssignedSession(settings) { url, token, _ in
            let transfer = AttachmentTransfer(server: try #require(URL(string: url)), access: ServerAccess())
            await #expect(throws: AttachmentTransferError.refused(status: 413, message: "The file is larger than the 1 KB allowed.")) {
                _ = try await transfer.upload(big, name: "big.png", resumeToken: token)
            }
            await #expect(throws: AttachmentTransferError.unsupportedContent(name: "tool")) {
                _ = try await transfer.upload(program, name: "tool", resumeToken: token)
            }
        }
    }

    @Test("a server that cannot be reached is tried five times, pausing 0.5, 1, 2 and 4 s, then the upload fails in one sentence")
    func unreachable() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.png")
        try AttachmentLiveTests.png(size: 100).write(to: file)
        let closed = try ClosedPort()
        let clock = RecordingClock()
        let transfer = AttachmentTransfer(
            server: try #require(URL(string: "http://127.0.0.1:\(closed.port)")), access: ServerAccess(), clock: clock)
        do {
            _ = try await transfer.upload(file, name: "a.png", resumeToken: "token")
            Issue.record("the upload succeeded")
        } catch let error as AttachmentTransferError {
            guard case .unreachable(let attempts, _) = error else { throw error }
            #expect(attempts == 5)
            #expect(error.description == "The server could not be reached (5 tries); the file was not sent.")
        }
        #expect(clock.pauses == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)])
    }
}

/// A clock whose sleeps return at once and are recorded.
final class RecordingClock: Clock, Sendable {
    private let recorded = Mutex<[Duration]>([])
    private let start = ContinuousClock.now

    /// The pauses asked for, in order.
    var pauses: [Duration] { recorded.withLock { $0 } }
    var now: ContinuousClock.Instant { start + recorded.withLock { $0.reduce(.zero, +) } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        let pause = deadline - now
        recorded.withLock { $0.append(pause) }
    }
}
