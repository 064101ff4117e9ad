import AssistCore
import AssistFuzzing

/// One fuzz input: one text frame as a server receives it on
/// `/v1/consumer`, checked with ``EnvelopeProperties/check(_:as:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsumerDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    EnvelopeProperties.check(fuzzInput(data, size), as: ConsumerMessage.self)
    return 0
}

/// Runs libFuzzer on the harness, or replays the corpus files given as
/// arguments in a build without it (see ``FuzzMain``).
@main
enum ConsumerDecoderMain {
    static func main() {
        FuzzMain.run("FuzzConsumerDecoder", fuzzConsumerDecoder)
    }
}
