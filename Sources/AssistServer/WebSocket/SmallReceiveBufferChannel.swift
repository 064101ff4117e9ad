import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird child channel whose connections read into small buffers.
///
/// Each NIO connection keeps its last receive buffer for the next read, so
/// an idle connection holds one buffer as large as the biggest read it has
/// needed. NIO starts that buffer at 2 KiB; the support protocol's frames and
/// upgrade requests mostly fit in 512 bytes, and the adaptive allocator
/// still grows the buffer (up to 64 KiB) for a connection that reads more.
/// Across 10,000 idle sessions that is about 1.5 KiB each.
struct SmallReceiveBufferChannel<Base: ServerChildChannel>: ServerChildChannel {
    /// The receive-buffer sizes of every connection.
    static var receiveAllocator: AdaptiveRecvByteBufferAllocator {
        AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)
    }

    private let base: Base

    /// Wraps `base`, which sets up and handles the connection as before.
    init(_ base: Base) {
        self.base = base
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        if let options = channel.syncOptions {
            do {
                try options.setOption(ChannelOptions.recvAllocator, value: Self.receiveAllocator)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
            return base.setup(channel: channel, logger: logger)
        }
        return channel.setOption(ChannelOptions.recvAllocator, value: Self.receiveAllocator).flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
