import AssistCore
import Testing

@Suite("Texts the views show")
struct ViewTextTests {
    @Test("the typing line names the agent, falls back for a blank name, and is absent when nobody types")
    func typingLine() {
        #expect(AgentTypingLine.text(agentName: "Alex") == "Alex is typing…")
        #expect(AgentTypingLine.text(agentName: "  ") == "The agent is typing…")
        #expect(AgentTypingLine.text(agentName: nil) == nil)
    }

    @Test("the presence notice says who joined or left")
    func presence() {
        let joined = AgentPresenceNotice(joined: Agent(id: "a1", name: "Alex"))
        #expect(joined.title == "Alex joined the chat")
        #expect(joined.detail == "You can now chat with Alex.")
        #expect(AgentPresenceNotice(left: Agent(id: "a1", name: " ")).title == "The agent left the chat")
    }

    @Test("the form summary names every field to fix")
    func summary() {
        let email = PrechatFieldError(label: "Email", problem: .malformedEmail)
        let phone = PrechatFieldError(label: "Phone", problem: .malformedPhone)
        let name = PrechatFieldError(label: "Name", problem: .missing)
        #expect(PrechatValidationFailure(errors: [email]).summary == "Check the field “Email”.")
        #expect(PrechatValidationFailure(errors: [email, phone]).summary == "Check 2 fields: “Email” and “Phone”.")
        #expect(PrechatValidationFailure(errors: [name, email, phone]).summary
            == "Check 3 fields: “Name”, “Email” and “Phone”.")
    }

    @Test("required fields are marked in the label and the description, read-only ones in the description")
    func fieldMarks() {
        func field(required: Bool, editable: Bool) -> PrechatFormField {
            PrechatFormField(label: "Email", kind: .email, isRequired: required, isEditable: editable, value: "")
        }
        #expect(field(required: true, editable: true).markedLabel == "Email *")
        #expect(field(required: false, editable: true).markedLabel == "Email")
        #expect(field(required: true, editable: true).accessibleDescription == "Required")
        #expect(field(required: true, editable: false).accessibleDescription == "Required, read-only")
        #expect(field(required: false, editable: false).accessibleDescription == "Read-only")
        #expect(field(required: false, editable: true).accessibleDescription == nil)
    }

    @Test("the consent countdown counts seconds and then says it is declining")
    func countdown() {
        #expect(ConsentPrompt.countdownText(secondsRemaining: 12) == "Declining in 12 s")
        #expect(ConsentPrompt.countdownText(secondsRemaining: 0) == "Declining…")
    }

    @Test("a support code is spelt one character at a time without its separators")
    func spelledCode() {
        #expect(SupportCodeText.spelled("K7Q-2M9") == "K 7 Q 2 M 9")
    }
}

@Suite("Composer text")
struct ComposerTextTests {
    @Test("whitespace and blank lines alone are never sent")
    func blankNeverSends() {
        for typed in ["", " ", "\n\n", " \t\n "] {
            #expect(ComposerText.outgoing(typed) == nil, "\(typed.debugDescription)")
        }
    }

    @Test("a message is sent without surrounding whitespace and keeps its inner line breaks")
    func trims() {
        #expect(ComposerText.outgoing("  Hello\nthere \n") == "Hello\nthere")
    }
}

@Suite("Pre-chat form introduction")
struct PrechatFormIntroductionTests {
    @Test("the introduction explains the required mark only when a shown field is required")
    func requiredNote() {
        let optional = PrechatForm(fields: [PrechatField(label: "Name")])
        let required = PrechatForm(fields: [PrechatField(label: "Name", isRequired: true)])
        let hiddenRequired = PrechatForm(fields: [
            PrechatField(label: "Account", isRequired: true, value: "42", presentation: .hidden)
        ])
        #expect(optional.introduction == "Your answers go to the agent who helps you.")
        #expect(required.introduction == "Your answers go to the agent who helps you. Fields marked * are required.")
        #expect(hiddenRequired.introduction == optional.introduction)
    }
}
