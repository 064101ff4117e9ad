/// One-time tokens for the agent's input into a page: the app issues one
/// per click or text it has allowed, and the frame that would perform it
/// asks the app to redeem it first. A page that posts a made-up command to
/// a frame has no token, and a token works once.
struct InputTokens {
    /// Tokens not yet redeemed are forgotten, oldest first, beyond this many.
    static let limit = 16

    private var outstanding: [String] = []
    private var generator = SystemRandomNumberGenerator()

    /// A new token (128 random bits, hex).
    mutating func issue() -> String {
        let token = (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
        outstanding.append(token)
        if outstanding.count > Self.limit { outstanding.removeFirst(outstanding.count - Self.limit) }
        return token
    }

    /// Whether `token` was issued and not yet redeemed; it is spent either way.
    mutating func redeem(_ token: String) -> Bool {
        guard let index = outstanding.firstIndex(of: token) else { return false }
        outstanding.remove(at: index)
        return true
    }
}
