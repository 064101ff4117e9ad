/// Stops the run when a property a harness checks does not hold. Under
/// libFuzzer the trap is reported as a crash and the input is kept; in a
/// replay it fails the run with `message`.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError(message(), file: file, line: line) }
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, copied into an array.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
