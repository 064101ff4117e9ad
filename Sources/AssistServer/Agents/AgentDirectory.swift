import Foundation

/// The agents allowed to sign in, looked up by token.
///
/// Operators list agents in a JSON file passed with `--agents FILE`:
/// ```json
/// {"agents": [
///   {"id": "sam", "name": "Sam from Support", "token": "…", "capacity": 3,
///    "destinations": ["support"], "permissions": {"viewable": ["default"], "interactive": []}}
/// ]}
/// ```
/// `capacity` defaults to 1 and `destinations` to none (the agent's own id
/// always routes to it); `permissions` absent means the implicit default,
/// and two empty arrays mean no permission at all.
public struct AgentDirectory: Sendable {
    private let accounts: [AgentAccount]

    /// Creates a directory of `accounts`, which must have distinct ids and tokens.
    public init(_ accounts: [AgentAccount]) throws(AgentDirectoryError) {
        var ids = Set<String>()
        var tokens = Set<String>()
        for (index, account) in accounts.enumerated() {
            let key = "agents[\(index)]"
            guard ids.insert(account.id).inserted else {
                throw AgentDirectoryError(key: "\(key).id", problem: "repeats the id \"\(account.id)\"")
            }
            guard tokens.insert(account.token).inserted else {
                throw AgentDirectoryError(key: "\(key).token", problem: "repeats another agent's token")
            }
        }
        self.accounts = accounts
    }

    /// Every account, in the order given.
    public var all: [AgentAccount] { accounts }

    /// The account whose token is `token`, comparing every byte of every
    /// token so the time taken does not reveal how much of a token matched.
    public func account(forToken token: String) -> AgentAccount? {
        var found: AgentAccount?
        for account in accounts where Self.constantTimeEqual(account.token, token) {
            found = account
        }
        return found
    }

    /// A directory with one more account.
    public func adding(_ account: AgentAccount) throws(AgentDirectoryError) -> AgentDirectory {
        try AgentDirectory(accounts + [account])
    }

    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }
}
