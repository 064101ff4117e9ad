import Foundation

/// Figures a benchmark script wrote as JSON (`Tests/ui/call_benchmark.py`,
/// `Tests/screen/screen_benchmark.py`), read for their report section.
enum ScriptFigures {
    /// The `Result` in `file`; says which figures and which file when they
    /// do not read (`what`, such as "the call's figures").
    static func read<Result: Decodable>(_: Result.Type, from file: String, named what: String) throws -> Result {
        do {
            return try JSONDecoder().decode(Result.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw UnreadableScriptFigures(what: what, file: file, reason: "\(error)")
        }
    }
}

/// Why a script's figures could not be used: the file is missing or is not
/// the script's JSON.
struct UnreadableScriptFigures: Error, CustomStringConvertible {
    /// Which figures, such as "the call's figures".
    let what: String
    /// The file named on the command line.
    let file: String
    /// What went wrong, in the decoder's words.
    let reason: String

    /// The reason, for the person who ran the benchmark.
    var description: String { "\(what) in \(file) do not read: \(reason)" }
}
