import AssistFuzzing

/// One fuzz input: one binary co-browse message, an app frame or a relayed frame,
/// checked with ``CobrowseFrameProperties/check(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCobrowseFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CobrowseFrameProperties.check(fuzzInput(data, size))
    return 0
}

/// Runs libFuzzer on the harness, or replays the corpus files given as
/// arguments in a build without it (see ``FuzzMain``).
@main
enum CobrowseFrameMain {
    static func main() {
        FuzzMain.run("FuzzCobrowseFrame", fuzzCobrowseFrame)
    }
}
