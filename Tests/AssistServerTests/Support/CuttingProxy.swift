import Foundation
import Synchronization

/// A TCP proxy on 127.0.0.1 that relays bytes to an upstream port and, when
/// told, cuts every connection it relays, or stalls them — the network
/// failing under real clients.
///
/// Blocking sockets and one thread per direction: a test helper, small and
/// obviously right, not a server.
final class CuttingProxy: Sendable {
    /// How a connection is cut.
    enum Cut: CaseIterable, Sendable {
        /// An abortive close (SO_LINGER 0): both ends see a reset.
        case reset
        /// An orderly close: both ends see end of stream.
        case fin
        /// The next chunk in either direction is passed on only in part, then
        /// the connection is reset: a frame arrives half.
        case midChunk
    }

    private struct Pair {
        let client: Int32
        let upstream: Int32
        /// Relay threads still running, and cuts under way; the last one
        /// closes both sockets, so no descriptor is closed while a thread
        /// may still use it.
        var pumps = 2
        var cut = false
        /// Whether the pair stopped forwarding (``stallAll()``).
        var stalled = false
    }

    private struct State {
        var pairs: [Int: Pair] = [:]
        var nextPair = 0
        var cutMidChunk = false
        var stopped = false
        /// Relay threads of stalled pairs waiting on `thaw` for ``stop()``.
        var frozenPumps = 0
    }

    /// The port the proxy listens on.
    let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex(State())
    private let thaw = DispatchSemaphore(value: 0)

    /// Listens on a free loopback port and relays to `upstreamPort`.
    init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Loopback.address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            closeDescriptor(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        let accepting = Thread { [self] in acceptLoop() }
        accepting.start()
    }

    /// How many connections are being relayed now.
    var openConnections: Int { state.withLock { $0.pairs.count } }

    /// Cuts every connection being relayed, the way `cut` says. Returns how
    /// many were cut (for `midChunk`, how many will be at their next chunk).
    @discardableResult
    func cutAll(_ cut: Cut) -> Int {
        if cut == .midChunk {
            return state.withLock { state in
                state.cutMidChunk = true
                return state.pairs.count
            }
        }
        let ids = state.withLock { Array($0.pairs.keys) }
        return ids.filter { self.cut(pair: $0, abortive: cut == .reset) }.count
    }

    /// Stops forwarding on every connection being relayed, in both
    /// directions, and closes nothing: each end keeps an open socket on
    /// which nothing arrives any more, whatever it sends or closes — a
    /// half-open link, as behind a proxy or a network that stopped
    /// forwarding. Connections accepted later are relayed as usual. Returns
    /// how many were stalled.
    @discardableResult
    func stallAll() -> Int {
        state.withLock { state in
            let ids = state.pairs.filter { !$0.value.cut }.keys
            for id in ids { state.pairs[id]?.stalled = true }
            return ids.count
        }
    }

    /// Stops listening and resets everything.
    func stop() {
        let (ids, frozen) = state.withLock { state in
            state.stopped = true
            return (Array(state.pairs.keys), state.frozenPumps)
        }
        shutdown(listener, Int32(SHUT_RDWR))
        closeDescriptor(listener)
        for id in ids { cut(pair: id, abortive: true) }
        for _ in 0..<frozen { thaw.signal() }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            guard let upstream = try? Loopback.connect(port: upstreamPort) else {
                closeDescriptor(client)
                continue
            }
            let id = state.withLock { state in
                state.nextPair += 1
                state.pairs[state.nextPair] = Pair(client: client, upstream: upstream)
                return state.nextPair
            }
            for (from, to) in [(client, upstream), (upstream, client)] {
                let pump = Thread { [self] in relay(from: from, to: to, pair: id) }
                pump.start()
            }
        }
    }

    private func relay(from source: Int32, to destination: Int32, pair id: Int) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var abortive = false
        while true {
            let count = read(source, &buffer, buffer.count)
            if holdWhileStalled(pair: id) {
                abortive = true
                break
            }
            guard count > 0 else { break }
            let cutHere = state.withLock { state -> Bool in
                guard state.cutMidChunk else { return false }
                state.cutMidChunk = false
                return true
            }
            let passed = cutHere ? max(count / 2, 1) : count
            guard Self.writeAll(destination, buffer, count: passed) else { break }
            if cutHere {
                abortive = true
                break
            }
        }
        cut(pair: id, abortive: abortive)
        release(pair: id)
    }

    /// Drops one hold on a pair's descriptors (a relay thread's, or a cut's
    /// under way); the last one closes both, so that no descriptor is
    /// closed — and its number handed to another socket of the test
    /// process — while a thread may still use it.
    private func release(pair id: Int) {
        let finished = state.withLock { state -> Pair? in
            state.pairs[id]?.pumps -= 1
            guard let pair = state.pairs[id], pair.pumps == 0 else { return nil }
            state.pairs[id] = nil
            return pair
        }
        if let finished {
            closeDescriptor(finished.client)
            closeDescriptor(finished.upstream)
        }
    }

    /// For a relay thread of a stalled pair, waits until the proxy stops,
    /// passing nothing on and reacting to nothing meanwhile, and returns
    /// true; for any other, returns false at once.
    private func holdWhileStalled(pair id: Int) -> Bool {
        let (stalled, mustWait) = state.withLock { state -> (Bool, Bool) in
            guard state.pairs[id]?.stalled == true else { return (false, false) }
            guard !state.stopped else { return (true, false) }
            state.frozenPumps += 1
            return (true, true)
        }
        if mustWait { thaw.wait() }
        return stalled
    }

    /// Ends a pair's relaying: both sockets stop reading, which wakes both
    /// relay threads; an abortive cut makes their close a reset, another
    /// sends FIN now. Returns whether the pair was still uncut.
    @discardableResult
    private func cut(pair id: Int, abortive: Bool) -> Bool {
        let pair = state.withLock { state -> Pair? in
            guard let pair = state.pairs[id], !pair.cut else { return nil }
            state.pairs[id]?.cut = true
            state.pairs[id]?.pumps += 1
            return pair
        }
        guard let pair else { return false }
        defer { release(pair: id) }
        for descriptor in [pair.client, pair.upstream] {
            if abortive {
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                shutdown(descriptor, Int32(SHUT_RD))
            } else {
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
        return true
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], count: Int) -> Bool {
        var written = 0
        while written < count {
            // MSG_NOSIGNAL: a peer that is gone must not raise SIGPIPE in the test process.
            let result = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + written, count - written, Int32(MSG_NOSIGNAL)) }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}

/// `close(2)`, its result ignored: a test helper's sockets are closed once.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
