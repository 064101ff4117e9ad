import ArgumentParser
import AssistCall
import Foundation

/// `assist-bench`: measures Assist's hot paths and the server under load, and writes the report.
@main
struct AssistBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-bench",
        abstract: "Measure Assist's hot paths and the server under load against same-run baselines and write a Markdown report.",
        discussion: """
            The load benchmark starts the release assist-server found next to this program, on 127.0.0.1; \
            the desktop benchmark starts assist-desktop and gtk-minimal-window from there on $DISPLAY.
            """)

    @Option(help: "Where to write the Markdown report.")
    var output = "docs/benchmarks.md"

    @Option(help: "Idle consumer sessions to open against the server.")
    var sessions = 10_000

    @Option(help: "Sessions the agent takes and chat relay latency is measured over.")
    var relaySessions = 1_000

    @Flag(help: "Skip the server load benchmark.")
    var skipLoad = false

    @Flag(help: "Skip the cluster benchmark (two nodes on a throw-away PostgreSQL).")
    var skipCluster = false

    @Flag(help: "Skip the desktop start-up benchmark (it needs a display).")
    var skipDesktop = false

    @Flag(help: "Run only the desktop start-up benchmark and print its section; the report file is left alone.")
    var desktopOnly = false

    @Flag(help: "Skip the co-browse frame benchmark (it needs a display).")
    var skipCobrowse = false

    @Flag(help: "Skip the web view benchmark (the chat template's first paint, the app's memory with it, capture of a page).")
    var skipWeb = false

    @Flag(help: "Run only the web view benchmark and print its section; the report file is left alone.")
    var webOnly = false

    @Flag(help: "Skip the files benchmark (uploads and downloads through the server against curl).")
    var skipAttachments = false

    @Flag(help: "Skip the WAL soak (many chats, then a restart).")
    var skipWalSoak = false

    @Flag(help: "Run only the WAL soak and print its section; the report file is left alone.")
    var walSoakOnly = false

    @Flag(help: "Run only the files benchmark and print its section; the report file is left alone.")
    var attachmentsOnly = false

    @Option(help: "The call's figures written by Tests/ui/call_benchmark.py, for the report's Call section.")
    var callResults: String?

    /// The JSON `Tests/screen/screen_benchmark.py --output` wrote; read before anything is measured.
    @Option(help: "The screen share's figures written by Tests/screen/screen_benchmark.py, for the report's Screen share section.")
    var screenResults: String?

    @Option(name: .customLong("package"), help: "A .deb of ./build.sh package, for the report's Package section. Repeatable.")
    var packages: [String] = []

    @Option(help: "assist-desktop as the packages install it (an install root's usr/bin/assist-desktop).")
    var installedApp: String?

    @Flag(help: "Measure only the Package section and print it; the report file is left alone.")
    var packageOnly = false

    /// Runs the call's bare media pipeline for this many seconds (the call benchmark's baseline).
    @Option(help: .hidden)
    var bareCallPipeline: Double?

    /// Runs the echo server the load benchmark measures its floors with.
    @Flag(help: .hidden)
    var echoServer = false

    /// With `--echo-server`: commits each frame to the SQLite database at this path before echoing it.
    @Option(help: .hidden)
    var echoDatabase: String?

    func validate() throws {
        guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1.") }
        guard (1...sessions).contains(relaySessions) else {
            throw ValidationError("--relay-sessions must be between 1 and --sessions (\(sessions)).")
        }
        guard packages.isEmpty == (installedApp == nil) else {
            throw ValidationError("--package and --installed-app go together: the packages and the app they install.")
        }
        guard !packageOnly || installedApp != nil else { throw ValidationError("--package-only needs --package and --installed-app.") }
    }

    func run() async throws {
        if echoServer {
            try await EchoServer.run(databasePath: echoDatabase)
            return
        }
        if let bareCallPipeline {
            try BareCallPipeline.run(seconds: bareCallPipeline)
            return
        }
        let benchExecutable = URL(fileURLWithPath: CommandLine.arguments[0])
        if walSoakOnly {
            let soak = try await WalSoakBenchmark.run(benchExecutable: benchExecutable)
            printSection { WalSoakReportSection(result: soak, machineLine: $0, dateLine: $1).lines }
            return
        }
        let serverExecutable = benchExecutable.deletingLastPathComponent().appendingPathComponent("assist-server")
        if attachmentsOnly {
            let files = try await AttachmentBenchmark.run(server: serverExecutable)
            printSection { AttachmentReportSection(result: files, machineLine: $0, dateLine: $1).lines }
            return
        }
        if webOnly {
            guard let web = try await measureWebView(server: serverExecutable) else { throw DesktopStartError.noDisplay }
            printSection { WebViewReportSection(result: web, machineLine: $0, dateLine: $1).lines }
            return
        }
        if desktopOnly {
            let desktop = try measureDesktopStart()
            printSection { DesktopReportSection(results: desktop, machineLine: $0, dateLine: $1).lines }
            return
        }
        if packageOnly {
            let package = try measurePackages()
            printSection { PackageReportSection(result: package, machineLine: $0, dateLine: $1).lines }
            return
        }
        // Read first: a run that cannot use them should not spend minutes measuring the rest.
        let call = try callResults.map(CallBenchResult.read(from:))
        let screen = try screenResults.map(ScreenShareResult.read(from:))
        let results = [PermissionBenchmark.run(), try CodecBenchmark.decode(), try CodecBenchmark.encode()]
        var load: LoadResult?
        if !skipLoad {
            load = try await LoadBenchmark.run(
                LoadSettings(
                    sessions: sessions, relaySessions: relaySessions,
                    benchExecutable: benchExecutable))
        }
        var cluster: [ClusterResult] = []
        if !skipCluster {
            for synchronousCommit in [true, false] {
                cluster.append(
                    try await ClusterBenchmark.run(
                        LoadSettings(sessions: relaySessions, relaySessions: relaySessions, benchExecutable: benchExecutable),
                        synchronousCommit: synchronousCommit))
            }
        }
        let attachments = skipAttachments ? nil : try await AttachmentBenchmark.run(server: serverExecutable)
        let walSoak = skipWalSoak ? nil : try await WalSoakBenchmark.run(benchExecutable: benchExecutable)
        let desktop = skipDesktop ? [] : try measureDesktopStart()
        let package = installedApp == nil ? nil : try measurePackages()
        let cobrowse = skipCobrowse ? nil : await CobrowseBenchmark.run()
        let web = skipWeb ? nil : try await measureWebView(server: serverExecutable)
        let report = BenchmarkReport(
            machine: .current(), date: Date(), results: results, load: load, cluster: cluster, walSoak: walSoak,
            desktop: desktop, package: package,
            cobrowse: cobrowse, screen: screen, web: web, call: call, attachments: attachments)
        try report.markdown.write(toFile: output, atomically: true, encoding: .utf8)
        print(report.markdown)
    }

    /// Prints one section of the report with this run's machine and date
    /// lines; the report file is left alone.
    private func printSection(_ lines: (_ machineLine: String, _ dateLine: String) -> [String]) {
        let machineLine = "- Machine: \(MachineDescription.current().summary)"
        let dateLine = "- Date: \(ISO8601DateFormatter().string(from: Date()))"
        print(lines(machineLine, dateLine).joined(separator: "\n"))
    }

    /// The Desktop start-up section's figures, for each way of loading GL:
    /// the `assist-desktop` next to this program against `gtk-minimal-window`.
    private func measureDesktopStart() throws -> [DesktopStartResult] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return try GLLoading.allCases.map { gl in
            try DesktopStartBenchmark.run(
                app: folder.appendingPathComponent("assist-desktop"),
                appArguments: ["--server", "http://127.0.0.1:9"],
                baseline: folder.appendingPathComponent("gtk-minimal-window"), gl: gl)
        }
    }

    /// The Web view section's figures, with the `assist-desktop` next to
    /// this program; `nil` without a display.
    @MainActor
    private func measureWebView(server: URL) async throws -> WebViewResult? {
        try await WebViewBenchmark.run(
            server: server, app: server.deletingLastPathComponent().appendingPathComponent("assist-desktop"))
    }

    /// The Package section's figures: `--package` files, `--installed-app`
    /// against the `gtk-minimal-window` next to this program.
    private func measurePackages() throws -> PackageResult {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return try PackageBenchmark.run(
            packages: packages.map { URL(fileURLWithPath: $0) },
            installedApp: URL(fileURLWithPath: installedApp ?? ""),
            baseline: folder.appendingPathComponent("gtk-minimal-window"))
    }
}
