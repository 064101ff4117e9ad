/// The queue position the person is shown, as the chat seed defines it:
/// `max(n - c, 0)`.
///
/// - Parameters:
///   - waitingRank: the person's 1-based rank among everyone waiting for the
///     same destination (`n`).
///   - totalCapacity: the free capacity of all online agents serving that
///     destination (`c`).
/// - Returns: 0 when an agent can take the person now; otherwise how many
///   people must be served first. With a capacity of 10, the first 10 waiting
///   get 0 and the 11th gets 1.
public func queuePosition(waitingRank: Int, totalCapacity: Int) -> Int {
    max(waitingRank - max(totalCapacity, 0), 0)
}
