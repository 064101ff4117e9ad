import AssistFuzzing

/// One fuzz input: one configuration file's text,
/// checked with ``ConfigurationProperties/check(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ConfigurationProperties.check(fuzzInput(data, size))
    return 0
}

/// Runs libFuzzer on the harness, or replays the corpus files given as
/// arguments in a build without it (see ``FuzzMain``).
@main
enum ConfigurationMain {
    static func main() {
        FuzzMain.run("FuzzConfiguration", fuzzConfiguration)
    }
}
