import AssistCore
import Foundation
import Testing

@testable import AssistServer

@Suite("Joining WebSocket frames into protocol messages")
struct MessageAssemblerTests {
    @Test("a single final text frame is a message, with its bytes exactly as sent (invalid UTF-8 included)")
    func singleFrameKeepsBytes() {
        var assembler = MessageAssembler()
        let bytes: [UInt8] = [0x7B, 0xC0, 0xAF, 0x7D]
        #expect(assembler.add(.text, payload: bytes, isFinal: true) == .message(.text(Data(bytes))))
    }

    @Test("fragments are joined, so a character split across two fragments arrives whole")
    func fragmentsJoin() {
        var assembler = MessageAssembler()
        let euro: [UInt8] = Array("\"€\"".utf8)
        #expect(assembler.add(.text, payload: euro[0..<2], isFinal: false) == .incomplete)
        #expect(assembler.add(.continuation, payload: euro[2..<3], isFinal: false) == .incomplete)
        #expect(assembler.add(.continuation, payload: euro[3...], isFinal: true) == .message(.text(Data(euro))))
        #expect(assembler.add(.binary, payload: [1, 2], isFinal: true) == .message(.binary(Data([1, 2]))))
    }

    @Test("text over 64 KiB is refused as soon as the fragments so far exceed it, with 1009")
    func textLimit() {
        var assembler = MessageAssembler(maxTextBytes: 10, maxBinaryBytes: 100)
        #expect(assembler.add(.text, payload: [UInt8](repeating: 0x20, count: 6), isFinal: false) == .incomplete)
        let outcome = assembler.add(.continuation, payload: [UInt8](repeating: 0x20, count: 5), isFinal: false)
        #expect(outcome == .tooLarge(ProtocolError(.frameTooLarge(byteCount: 11))))
        if case .tooLarge(let error) = outcome {
            #expect(error.code == .frameTooLarge)
            #expect(error.disposition.closeCode == .messageTooBig)
        }
    }

    @Test("binary messages have their own, larger limit")
    func binaryLimit() {
        var assembler = MessageAssembler(maxTextBytes: 10, maxBinaryBytes: 100)
        #expect(assembler.add(.binary, payload: [UInt8](repeating: 0, count: 100), isFinal: true) != .incomplete)
        #expect(
            assembler.add(.binary, payload: [UInt8](repeating: 0, count: 101), isFinal: true)
                == .tooLarge(ProtocolError(.binaryFrameTooLarge(byteCount: 101))))
    }

    @Test("a continuation with nothing to continue, or a new message mid-message, breaks fragmentation")
    func brokenFragmentation() {
        var assembler = MessageAssembler()
        #expect(assembler.add(.continuation, payload: [0x20], isFinal: true) == .brokenFragmentation)
        #expect(assembler.add(.text, payload: [0x20], isFinal: false) == .incomplete)
        #expect(assembler.add(.binary, payload: [0x20], isFinal: true) == .brokenFragmentation)
    }
}
