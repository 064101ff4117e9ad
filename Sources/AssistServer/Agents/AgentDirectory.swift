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
        var tokens = Set<SecretDigest>()
        for (index, account) in accounts.enumerated() {
            let key = "agents[\(index)]"
            guard ids.insert(account.id).inserted else {
                throw AgentDirectoryError(key: "\(key).id", problem: "repeats the id \"\(account.id)\"")
            }
            guard tokens.insert(account.tokenDigest).inserted else {
                throw AgentDirectoryError(key: "\(key).token", problem: "repeats another agent's token")
            }
        }
        self.accounts = accounts
    }

    /// Every account, in the order given.
    public var all: [AgentAccount] { accounts }

    /// The account whose token is `token`: its digest is compared with
    /// every account's, every byte of each, so the time taken does not
    /// reveal which account or how much of a digest matched.
    public func account(forToken token: String) -> AgentAccount? {
        let digest = SecretDigest(of: token)
        var found: AgentAccount?
        for account in accounts where account.tokenDigest.matches(digest) {
            found = account
        }
        return found
    }

    /// A directory with one more account.
    public func adding(_ account: AgentAccount) throws(AgentDirectoryError) -> AgentDirectory {
        try AgentDirectory(accounts + [account])
    }
}
