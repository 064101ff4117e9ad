import AssistCore

/// Every destination's queue of waiting sessions, longest-waiting first.
///
/// Joining at the back, leaving from anywhere and returning to a place set
/// aside in front (``reserveFront(count:)``) each cost a dictionary look-up,
/// a binary search and one array move — never a walk over everyone waiting. ``refresh(terms:)`` then lists only the
/// sessions whose place may have changed since the previous refresh: those
/// behind someone who joined or left, those whose position or estimate a
/// change of their destination's ``QueueTerms`` can move, and those named
/// with ``markForRefresh(_:)``. An event that changes nobody's line costs
/// nothing in proportion to the length of the queue.
///
/// A pure value: no I/O, no clock.
struct WaitingQueues: Sendable {
    /// A waiting session and its place in the overall order: tickets grow
    /// towards the back, and sessions returned to the front get tickets below
    /// every other.
    private struct Member: Sendable {
        var ticket: Int
        var id: SessionID
    }

    /// One destination's queue, and what happened to it since the last refresh.
    private struct Line: Sendable {
        /// Ascending tickets: longest-waiting first.
        var members: [Member] = []
        /// The terms of the last refresh; `nil` before the first.
        var terms: QueueTerms?
        /// The lowest index whose rank changed since the last refresh.
        var shiftedFrom: Int?
        /// Tickets of members to list at the next refresh whatever changed.
        var marked: [Int] = []

        /// The index of the member holding `ticket`.
        func index(of ticket: Int) -> Int? {
            let low = insertionIndex(of: ticket)
            return low < members.count && members[low].ticket == ticket ? low : nil
        }

        /// Where a member holding `ticket` belongs: the index of the first
        /// member with a higher ticket.
        func insertionIndex(of ticket: Int) -> Int {
            var low = 0
            var high = members.count
            while low < high {
                let middle = (low + high) / 2
                if members[middle].ticket < ticket { low = middle + 1 } else { high = middle }
            }
            return low
        }

        mutating func noteShift(at index: Int) {
            shiftedFrom = min(shiftedFrom ?? index, index)
        }

        /// The members whose place may have changed, placed under `new`
        /// terms, which become the line's terms.
        mutating func settle(destination: String, under new: QueueTerms) -> [WaitingPlace] {
            var start = shiftedFrom ?? members.count
            if let old = terms {
                if old.freeSeats != new.freeSeats { start = min(start, old.freeSeats, new.freeSeats) }
                if old.agentsServing != new.agentsServing || old.handleSeconds != new.handleSeconds {
                    start = min(start, new.freeSeats)
                }
            } else {
                start = 0
            }
            start = max(0, min(start, members.count))
            var indices = Array(start..<members.count)
            indices += marked.compactMap { index(of: $0) }.filter { $0 < start }
            terms = new
            shiftedFrom = nil
            marked = []
            return indices.map { index in
                WaitingPlace(
                    sessionID: members[index].id, destination: destination, rank: index + 1,
                    position: queuePosition(waitingRank: index + 1, totalCapacity: new.freeSeats))
            }
        }
    }

    private var lines: [String: Line] = [:]
    private var tickets: [SessionID: (destination: String, ticket: Int)] = [:]
    /// Destinations whose last member left since the last refresh.
    private var emptied: Set<String> = []
    private var nextBackTicket = 0
    private var nextFrontTicket = -1

    /// Sessions waiting, in every destination.
    var count: Int { tickets.count }

    /// Whether `id` is waiting.
    func contains(_ id: SessionID) -> Bool { tickets[id] != nil }

    /// Puts a session at the back of its destination's queue; nothing if it
    /// is already waiting.
    mutating func append(_ id: SessionID, destination: String) {
        guard tickets[id] == nil else { return }
        let ticket = nextBackTicket
        nextBackTicket += 1
        tickets[id] = (destination, ticket)
        emptied.remove(destination)
        lines[destination, default: Line()].members.append(Member(ticket: ticket, id: id))
        let index = (lines[destination]?.members.count ?? 1) - 1
        lines[destination]?.noteShift(at: index)
    }

    /// Sets aside `count` tickets in front of everyone waiting now, for
    /// sessions that ``returnReserved(_:)`` puts back, at once or part by
    /// part; returns the first. Sessions that join at the back later stay behind
    /// them; a later reservation comes in front of them.
    mutating func reserveFront(count: Int) -> Int {
        let first = nextFrontTicket - max(count, 0) + 1
        nextFrontTicket = first - 1
        return first
    }

    /// Puts sessions back at tickets set aside by ``reserveFront(count:)``,
    /// each at its place among those already waiting. Sessions already
    /// waiting are left where they are.
    mutating func returnReserved(_ sessions: [(id: SessionID, destination: String, ticket: Int)]) {
        for session in sessions where tickets[session.id] == nil {
            tickets[session.id] = (session.destination, session.ticket)
            emptied.remove(session.destination)
            var line = lines[session.destination] ?? Line()
            let index = line.insertionIndex(of: session.ticket)
            line.members.insert(Member(ticket: session.ticket, id: session.id), at: index)
            line.noteShift(at: index)
            lines[session.destination] = line
        }
    }

    /// Takes a session out of its queue; `false` if it was not waiting.
    @discardableResult
    mutating func remove(_ id: SessionID) -> Bool {
        guard let (destination, ticket) = tickets.removeValue(forKey: id),
            let index = lines[destination]?.index(of: ticket)
        else { return false }
        lines[destination]?.members.remove(at: index)
        if lines[destination]?.members.isEmpty ?? true {
            lines[destination] = nil
            emptied.insert(destination)
        } else {
            lines[destination]?.noteShift(at: index)
        }
        return true
    }

    /// The 1-based rank of a waiting session in its destination's queue.
    func rank(of id: SessionID) -> Int? {
        guard let (destination, ticket) = tickets[id], let index = lines[destination]?.index(of: ticket) else {
            return nil
        }
        return index + 1
    }

    /// Lists `id` at the next ``refresh(terms:)`` even if its place did not
    /// change — e.g. when its consumer reconnected and must be told again.
    mutating func markForRefresh(_ id: SessionID) {
        guard let (destination, ticket) = tickets[id] else { return }
        lines[destination]?.marked.append(ticket)
    }

    /// The longest-waiting session among the destinations `serves` accepts.
    func first(where serves: (String) -> Bool) -> SessionID? {
        var first: Member?
        for (destination, line) in lines where serves(destination) {
            guard let head = line.members.first else { continue }
            if first.map({ head.ticket < $0.ticket }) ?? true { first = head }
        }
        return first?.id
    }

    /// The first `limit` waiting sessions of the destinations `serves`
    /// accepts, longest-waiting first, each with its rank in its own
    /// destination; and how many such sessions wait in all.
    func front(
        limit: Int, where serves: (String) -> Bool
    ) -> (entries: [(id: SessionID, destination: String, rank: Int)], total: Int) {
        let served = lines.filter { serves($0.key) }.map { (destination: $0.key, members: $0.value.members) }
        var next = Array(repeating: 0, count: served.count)
        var entries: [(id: SessionID, destination: String, rank: Int)] = []
        while entries.count < limit {
            var best: Int?
            for line in served.indices where next[line] < served[line].members.count {
                if let current = best, served[current].members[next[current]].ticket <= served[line].members[next[line]].ticket {
                    continue
                }
                best = line
            }
            guard let line = best else { break }
            entries.append((served[line].members[next[line]].id, served[line].destination, next[line] + 1))
            next[line] += 1
        }
        return (entries, served.reduce(0) { $0 + $1.members.count })
    }

    /// The sessions whose place may have changed since the last refresh,
    /// each placed under its destination's current `terms`; and the
    /// destinations whose queue changed in membership, order or positions
    /// (what agents' queue snapshots show).
    mutating func refresh(terms: (String) -> QueueTerms) -> (places: [WaitingPlace], changed: Set<String>) {
        var places: [WaitingPlace] = []
        var changed = emptied
        emptied = []
        for destination in Array(lines.keys) {
            let current = terms(destination)
            guard let line = lines[destination] else { continue }
            if line.shiftedFrom != nil || line.terms?.freeSeats != current.freeSeats {
                changed.insert(destination)
            }
            if line.shiftedFrom == nil, line.terms == current, line.marked.isEmpty { continue }
            places += lines[destination]?.settle(destination: destination, under: current) ?? []
        }
        return (places, changed)
    }
}
