extension AgentPresenceNotice {
    /// The notice above the pre-chat form when the session kept from an
    /// earlier run of the app could not be resumed: the server no longer
    /// has it (it ended, expired, or is unknown), so a new one starts.
    public static let keptSessionGone = AgentPresenceNotice(
        title: localized("Your earlier support session has ended"),
        detail: localized("The support server no longer has it, so you are starting a new one."))

    private init(title: String, detail: String) {
        self.title = title
        self.detail = detail
    }
}
