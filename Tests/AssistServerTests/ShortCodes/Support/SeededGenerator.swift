/// A repeatable random source for tests (the SplitMix64 sequence): the same
/// seed yields the same values.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A broken random source that always yields the same value: every code
/// it draws is the same. (`UInt64.max` is a value the standard library's
/// bounded `random(in:using:)` accepts on the first draw for every bound;
/// some others, 0 and 2⁶³ among them, make it draw again forever.)
struct StuckGenerator: RandomNumberGenerator, Sendable {
    mutating func next() -> UInt64 { .max }
}
