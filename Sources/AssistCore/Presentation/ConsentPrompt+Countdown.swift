extension ConsentPrompt {
    /// The line under a consent prompt counting down to the default answer:
    /// "Declining in 12 s", and "Declining…" once no time is left.
    public static func countdownText(secondsRemaining: Int) -> String {
        secondsRemaining > 0
            ? localized("Declining in {seconds} s", ["seconds": String(secondsRemaining)]) : localized("Declining…")
    }
}
