import AssistCore
import AssistFuzzing

/// One fuzz input: one text frame as a server receives it on
/// `/v1/agent`, checked with ``EnvelopeProperties/check(_:as:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAgentDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    EnvelopeProperties.check(fuzzInput(data, size), as: AgentMessage.self)
    return 0
}

/// Runs libFuzzer on the harness, or replays the corpus files given as
/// arguments in a build without it (see ``FuzzMain``).
@main
enum AgentDecoderMain {
    static func main() {
        FuzzMain.run("FuzzAgentDecoder", fuzzAgentDecoder)
    }
}
