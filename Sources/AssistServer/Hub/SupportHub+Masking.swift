import AssistCore

extension SupportHub {
    /// Chat text as it is stored and relayed (§11.7): masked by this hub's
    /// settings, and the kinds masked — first those a cluster node already
    /// masked before forwarding the message (`maskedBefore`), then any more
    /// this hub found.
    func maskedChat(_ text: String, maskedBefore: [SensitiveDataKind]) -> MaskedText {
        var masked = settings.chatMasker.mask(text)
        masked.kinds = maskedBefore + masked.kinds.filter { !maskedBefore.contains($0) }
        return masked
    }
}
