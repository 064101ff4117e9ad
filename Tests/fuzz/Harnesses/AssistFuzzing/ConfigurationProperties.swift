import AssistCore
import Foundation

/// The properties of the configuration loader (JSON text → ``Configuration``),
/// whatever the text.
public enum ConfigurationProperties {
    /// The file name the fuzzed text is loaded under.
    static let file = "fuzz.json"

    /// Loads `bytes` as a configuration file and checks:
    /// - a configuration that loads writes JSON (``Configuration/jsonData()``)
    ///   that loads back to an equal configuration and writes the same JSON;
    /// - a rejection is a ``ConfigurationError`` that names the file, starts
    ///   its sentence with it, and names a key exactly when the problem is
    ///   not the whole file (not JSON, not an object), quoting that key.
    public static func check(_ bytes: [UInt8]) {
        let configuration: Configuration
        do {
            configuration = try Configuration.decode(from: Data(bytes), file: file)
        } catch {
            checkRejection(error)
            return
        }
        do {
            let json = try configuration.jsonData()
            let again = try Configuration.decode(from: json, file: "written.json")
            fuzzCheck(again == configuration, "written JSON loads differently: \(String(decoding: json, as: UTF8.self))")
            let jsonAgain = try again.jsonData()
            fuzzCheck(jsonAgain == json, "writing is not stable: \(String(decoding: json, as: UTF8.self))")
        } catch {
            fuzzCheck(false, "a loaded configuration does not write and load back: \(error)")
        }
    }

    private static func checkRejection(_ error: ConfigurationError) {
        fuzzCheck(error.source == file, "\(error) names source \(error.source)")
        fuzzCheck(error.description.hasPrefix("\(file): "), "\(error) does not start with the file")
        let wholeFile = error.code == .notJSON || error.code == .notAnObject
        fuzzCheck(
            wholeFile || [.unknownKey, .missingKey, .wrongType, .invalidValue].contains(error.code),
            "loading text gave code \(error.code): \(error)")
        if let key = error.key {
            fuzzCheck(!wholeFile, "\(error.code) names key \(key)")
            fuzzCheck(error.description.contains("\"\(key)\""), "\(error) does not quote its key \(key)")
        } else {
            fuzzCheck(wholeFile, "\(error.code) names no key: \(error)")
        }
    }
}
