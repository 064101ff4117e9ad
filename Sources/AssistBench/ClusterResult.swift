/// The cluster benchmark's figures: two nodes on one PostgreSQL.
struct ClusterResult {
    /// One relay scenario: where the consumers and the agent were connected.
    struct Relay {
        /// What the scenario is, for the report.
        let name: String
        /// The probe's figures.
        let outcome: RelayProbe.Outcome
    }

    /// Memory of one node before and after sessions were opened.
    struct Memory {
        /// What was measured, for the report.
        let name: String
        /// Sessions opened (and held) meanwhile.
        let sessions: Int
        /// RSS before and after, in KiB.
        let beforeKiB: Int
        let afterKiB: Int

        /// KiB per session.
        var kibPerSession: Double {
            sessions > 0 ? Double(afterKiB - beforeKiB) / Double(sessions) : 0
        }
    }

    /// One node's death and its sessions resumed on the other.
    struct Death {
        /// Which node died, for the report.
        let name: String
        /// The wave of resumptions.
        let outcome: ResumeWave.Outcome
    }

    /// Whether PostgreSQL flushed each commit's WAL before answering (`synchronous_commit`).
    let synchronousCommit: Bool
    /// Sessions per scenario.
    let sessions: Int
    /// Same node, consumers and agent on different nodes (both ways).
    let relays: [Relay]
    /// Idle memory per session on each node.
    let memory: [Memory]
    /// The follower's death, then the leader's.
    let deaths: [Death]
    /// Frames that did not decode, broke sequencing, or were `error`s.
    let protocolProblems: Int
}
