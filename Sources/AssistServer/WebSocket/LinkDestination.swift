/// Where a connection's messages go, chosen when it opens: the hub in this
/// process, or — on a cluster node that is not the leader — the leader's
/// hub, through a ``ClusterForwarder``.
enum LinkDestination: Sendable {
    case hub(SupportHub)
    case leader(ClusterForwarder)
}
