extension ConsumerHello {
    /// The `hello` for a session started with `configuration` and the
    /// pre-chat form's `submission`.
    ///
    /// Empty strings in the configuration mean "not given" and are left
    /// out; `destination` is left out when escalating with a session token,
    /// where the token names the session. The pre-chat entities travel as
    /// ``entityMapping``, untouched, for the agent's CRM. `versions` are the
    /// protocol versions offered: without the call's version 3 unless the
    /// app can take calls, so that no agent proposes one it cannot answer.
    /// The share scopes are the configuration's, without
    /// ``ShareScope/screen`` unless the app `sharesScreen` (it has a screen
    /// capture), so that no agent asks for a screen it cannot show; and
    /// control of the screen is offered only when the screen is, the
    /// configuration's ``Configuration/screenControl`` allows it and the app
    /// `controlsScreen` (the desktop lends it a pointer and a keyboard).
    /// A shared screen may travel as a video track (§13.5) when the screen
    /// is offered, `versions` has the call's and the app `streamsScreen`
    /// (it has a video engine).
    public init(
        configuration: Configuration, submission: PrechatSubmission,
        versions: [Int] = ProtocolVersion.supported, sharesScreen: Bool = false, controlsScreen: Bool = false,
        streamsScreen: Bool = false
    ) {
        func given(_ value: String) -> String? { value.isEmpty ? nil : value }
        let sessionToken = given(configuration.sessionToken)
        let shareScopes = configuration.screenShareScopes.filter { $0 != .screen || sharesScreen }
        self.init(
            versions: versions,
            destination: sessionToken == nil ? given(configuration.destination) : nil,
            visitorName: submission.visitorName,
            preChat: submission.answers,
            entityMapping: configuration.prechatEntities.isEmpty
                ? nil : .array(configuration.prechatEntities.map(\.json)),
            correlationID: given(configuration.correlationId),
            sessionToken: sessionToken,
            auditName: given(configuration.auditName),
            uui: given(configuration.uui),
            shareScopes: shareScopes,
            screenControl: controlsScreen && configuration.screenControl && shareScopes.contains(.screen),
            screenVideo: streamsScreen && shareScopes.contains(.screen) && versions.contains(ProtocolVersion.call))
    }
}
