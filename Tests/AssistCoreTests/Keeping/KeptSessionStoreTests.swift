import AssistCore
import Foundation
import Testing

/// A folder of its own for one test, removed afterwards.
struct ScratchFolder: ~Copyable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("assist-kept-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A store in a folder that does not exist yet.
    var store: KeptSessionStore { KeptSessionStore(folder: url.appendingPathComponent("assist", isDirectory: true)) }
}

/// A record as a session with an agent, one held message and a receipt would leave it.
func sampleRecord(server: String = "http://127.0.0.1:8080") throws -> KeptSession {
    var script = ServerScript()
    var session = try ConsumerSession.welcomed(script: &script)
    _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
    _ = session.receive(
        try script.frame(
            .chat(ChatMessage(id: "m-1", author: .agent(id: "sam"), text: "Hi, I'm Sam.", sentAt: Date(timeIntervalSince1970: 1_714_000_000)))),
        at: .now)
    _ = session.sendChat("First", id: "c-1", at: Date(timeIntervalSince1970: 1_714_000_010))
    session.connectionLost()
    _ = session.sendChat("Held while offline", id: "c-2", at: Date(timeIntervalSince1970: 1_714_000_020))
    return try #require(try session.kept(server: server))
}

private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int) & 0o777
}

@Suite("Kept session: the store")
struct KeptSessionStoreTests {
    @Test("a saved record loads back equal, and no temporary file is left")
    func roundTrip() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        let record = try sampleRecord()
        try store.save(record)
        #expect(try store.load() == record)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
        #expect(files == [KeptSessionStore.fileName])
    }

    @Test("the folder is made 0700 and the file 0600, even when the folder existed more open")
    func permissionsOfFolderAndFile() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        try FileManager.default.createDirectory(
            at: store.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try store.save(try sampleRecord())
        #expect(try permissions(of: store.folder) == 0o700)
        #expect(try permissions(of: store.file) == 0o600)
    }

    @Test("a damaged file is an error naming the damage, is moved aside, and the next load finds none")
    func damagedFile() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        try store.save(try sampleRecord())
        let text = try String(contentsOf: store.file, encoding: .utf8)
        try Data(text.prefix(text.count / 2).utf8).write(to: store.file)
        let error = #expect(throws: KeptSessionError.self) { try store.load() }
        guard case .damaged = error?.kind else {
            Issue.record("expected a damaged file, got \(String(describing: error))")
            return
        }
        let aside = try #require(error?.movedTo)
        #expect(FileManager.default.fileExists(atPath: aside))
        #expect(error?.description.contains("moved to \(aside)") == true)
        #expect(try store.load() == nil)
    }

    @Test("a record whose kept frames do not agree with its counters is damaged")
    func inconsistentChannel() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        var record = try sampleRecord()
        record.channel.lastSentSeq += 1
        try store.save(record)
        let error = #expect(throws: KeptSessionError.self) { try store.load() }
        #expect(error?.kind == .damaged("the channel's counters and frames do not agree"))
    }

    @Test("a file of an unknown format is refused by its number and moved aside")
    func unknownFormat() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        var record = try sampleRecord()
        record.format = 2
        try store.save(record)
        let error = #expect(throws: KeptSessionError.self) { try store.load() }
        #expect(error?.kind == .unknownFormat(2))
        #expect(error?.movedTo != nil)
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }

    @Test("deleting removes the record; deleting none is no error")
    func deletion() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        try store.save(try sampleRecord())
        try store.delete()
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test("a record of another server is not offered for this one")
    func otherServer() throws {
        let scratch = ScratchFolder()
        let store = scratch.store
        try store.save(try sampleRecord(server: "http://127.0.0.1:8080"))
        var configuration = Configuration()
        configuration.server = URL(string: "http://127.0.0.1:9090")
        #expect(try store.load(for: configuration) == nil)
        configuration.server = URL(string: "http://127.0.0.1:8080")
        #expect(try store.load(for: configuration) != nil)
    }

    @Test("the folder: sessionStateDirectory, else $XDG_STATE_HOME/assist, else ~/.local/state/assist; none when off")
    func folderChoice() {
        var configuration = Configuration()
        let xdg = KeptSessionStore(configuration: configuration, environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/ada"])
        #expect(xdg?.folder.path == "/x/state/assist")
        let home = KeptSessionStore(configuration: configuration, environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/ada"])
        #expect(home?.folder.path == "/home/ada/.local/state/assist")
        #expect(KeptSessionStore(configuration: configuration, environment: [:]) == nil)
        configuration.sessionStateDirectory = "/srv/kept"
        #expect(KeptSessionStore(configuration: configuration, environment: [:])?.folder.path == "/srv/kept")
        configuration.keepSessionOnRestart = false
        #expect(KeptSessionStore(configuration: configuration, environment: ["HOME": "/home/ada"]) == nil)
    }
}

@Suite("Kept session: configuration")
struct KeptSessionConfigurationTests {
    @Test("a relative sessionStateDirectory is refused, naming the key")
    func relativeFolderRefused() {
        var configuration = Configuration()
        configuration.sessionStateDirectory = "state/assist"
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate(source: "test") }
        #expect(error?.key == "sessionStateDirectory")
    }

    @Test("a relative receivedFilesDirectory is refused, naming the key")
    func relativeReceivedFilesFolderRefused() {
        var configuration = Configuration()
        configuration.receivedFilesDirectory = "Downloads"
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate(source: "test") }
        #expect(error?.key == "receivedFilesDirectory")
    }
}
