/// What every waiting person's queue line in one destination depends on,
/// besides their own rank: the free seats of the online agents serving it
/// (`c` in `max(n − c, 0)`), how many such agents there are, and the mean
/// handle time the estimate is based on.
///
/// When a destination's terms have not changed and nobody joined or left in
/// front of a person, that person's line has not changed either.
struct QueueTerms: Sendable, Hashable {
    /// The sum, over online agents serving the destination, of
    /// `capacity − sessions they hold` (never negative).
    var freeSeats: Int
    /// Online agents serving the destination.
    var agentsServing: Int
    /// The mean handle time estimates are based on, or `nil` with no history.
    var handleSeconds: Double?
}
