import ArgumentParser
import Foundation

/// `assist-bench`: measures Assist's hot paths and writes the report.
@main
struct AssistBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-bench",
        abstract: "Measure Assist's hot paths against same-run baselines and write a Markdown report.")

    @Option(help: "Where to write the Markdown report.")
    var output = "docs/benchmarks.md"

    func run() throws {
        let results = [PermissionBenchmark.run(), try CodecBenchmark.decode(), try CodecBenchmark.encode()]
        let report = BenchmarkReport(machine: .current(), date: Date(), results: results)
        try report.markdown.write(toFile: output, atomically: true, encoding: .utf8)
        print(report.markdown)
    }
}
