import AssistCore
import Foundation

/// Files through the server, as the app sends and fetches them: a file
/// uploaded in parts and downloaded with ``AttachmentTransfer`` against
/// `curl` fetching the same bytes from the same server's static file route
/// (the console's folder), in one run; the server's resident memory is
/// sampled every 10 ms meanwhile, for a small and a large file, to show
/// that a file is streamed rather than held whole.
enum AttachmentBenchmark {
    /// The sizes measured: 5 MB and the default limit, 25 MB.
    static let sizes = [5_000_000, 25_000_000]
    /// Runs per size and direction; the medians are reported.
    static let runs = 3

    /// Runs the benchmark against the release `server` next to the bench.
    static func run(server executable: URL) async throws -> AttachmentResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-bench-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = directory.appendingPathComponent("console")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "data/console"), to: console)
        let server = try await ChildProcess.start(
            executable,
            arguments: [
                "--host", "127.0.0.1", "--port", "0", "--database", directory.appendingPathComponent("assist.sqlite").path,
                "--console-directory", console.path, "--attachment-max-bytes", "\(sizes.max()! + 1)",
                "--log-level", "warning",
            ],
            logFile: directory.appendingPathComponent("assist-server.log"))
        do {
            let result = try await measure(on: server, in: directory, console: console)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The trips of each size through `server`, whose static route serves `console`.
    private static func measure(on server: ChildProcess, in directory: URL, console: URL) async throws -> AttachmentResult {
        let consumer = BenchConsumer(tally: ConnectionTally())
        try await consumer.start(server: server.url, destination: "support")
        let (sessionID, token) = try await welcome(of: consumer)
        let transfer = AttachmentTransfer(server: URL(string: server.url)!, access: ServerAccess(configuration: Configuration()))
        var trips: [AttachmentResult.Trip] = []
        for size in sizes {
            let name = "bench-\(size).png"
            let file = directory.appendingPathComponent(name)
            try picture(bytes: size).write(to: file)
            try FileManager.default.copyItem(at: file, to: console.appendingPathComponent(name))
            let before = ResidentMemory.kibibytes(ofProcess: server.pid) ?? 0
            let watch = PeakMemoryWatch(pid: server.pid)
            var uploads: [Double] = []
            var downloads: [Double] = []
            var fetches: [Double] = []
            for run in 0..<runs {
                let started = ContinuousClock.now
                let (info, _) = try await transfer.upload(file, name: name, resumeToken: token.rawValue)
                uploads.append(seconds(since: started))
                let folder = directory.appendingPathComponent("down-\(size)-\(run)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let fetched = ContinuousClock.now
                let saved = try await transfer.download(info, session: sessionID, resumeToken: token.rawValue, into: folder)
                downloads.append(seconds(since: fetched))
                guard try Data(contentsOf: saved) == Data(contentsOf: file) else {
                    throw AttachmentBenchmarkError.damaged(name)
                }
                try FileManager.default.removeItem(at: folder)
                fetches.append(try curl("\(server.url)/console/\(name)"))
            }
            trips.append(
                AttachmentResult.Trip(
                    bytes: size, upload: median(uploads), download: median(downloads), staticFetch: median(fetches),
                    residentBeforeKiB: before, residentPeakKiB: await watch.stop()))
        }
        return AttachmentResult(trips: trips, runs: runs)
    }

    private static func welcome(of consumer: BenchConsumer) async throws -> (SessionID, ResumeToken) {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while ContinuousClock.now < deadline {
            if let session = await consumer.sessionID, let token = await consumer.resumeToken { return (session, token) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw AttachmentBenchmarkError.noWelcome
    }

    /// A PNG signature followed by random bytes: the server takes it for a
    /// picture, and nothing compresses it on the way.
    private static func picture(bytes: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.reserveCapacity(bytes)
        while data.count < bytes {
            let word = generator.next() as UInt64
            withUnsafeBytes(of: word) { data.append(contentsOf: $0.prefix(bytes - data.count)) }
        }
        return data
    }

    /// Fetches `url` with curl into nothing; returns curl's own total time in seconds.
    private static func curl(_ url: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--fail", "--output", "/dev/null", "--write-out", "%{time_total}", url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(text) else {
            throw AttachmentBenchmarkError.curlFailed(url, status: process.terminationStatus)
        }
        return seconds
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}

/// Why the attachment benchmark could not finish.
enum AttachmentBenchmarkError: Error, CustomStringConvertible {
    case noWelcome
    case damaged(String)
    case curlFailed(String, status: Int32)

    var description: String {
        switch self {
        case .noWelcome: "the bench's consumer was not welcomed within 20 s"
        case .damaged(let name): "\(name) came back different from what was sent"
        case .curlFailed(let url, let status): "curl could not fetch \(url) (exit status \(status))"
        }
    }
}
