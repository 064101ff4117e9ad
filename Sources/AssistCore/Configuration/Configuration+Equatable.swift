extension Configuration: Equatable {
    /// Two configurations are equal when every setting is equal and each
    /// delegate is the same object (or both are unset).
    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
        lhs.json == rhs.json
            && lhs.connectionDelegate === rhs.connectionDelegate
            && lhs.screenShareRequestedDelegate === rhs.screenShareRequestedDelegate
            && lhs.agentCobrowseDelegate === rhs.agentCobrowseDelegate
            && lhs.pushDelegate === rhs.pushDelegate
            && lhs.callRequestedDelegate === rhs.callRequestedDelegate
    }
}
