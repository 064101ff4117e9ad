import AssistCore
import Testing

@Suite("The desktop's light or dark preference (the Settings portal's color-scheme)")
struct ColorSchemePreferenceTests {
    @Test("the portal's 1 prefers dark, 2 prefers light, 0 and unknown values state nothing")
    func portalValues() {
        #expect(ColorSchemePreference(portalValue: 1) == .preferDark)
        #expect(ColorSchemePreference(portalValue: 2) == .preferLight)
        #expect(ColorSchemePreference(portalValue: 0) == .noPreference)
        #expect(ColorSchemePreference(portalValue: 7) == .noPreference)
    }

    @Test("a stated preference overrides GTK's setting; no preference keeps it")
    func darkTheme() {
        for gtkSetting in [false, true] {
            #expect(ColorSchemePreference.preferDark.prefersDarkTheme(gtkSetting: gtkSetting))
            #expect(!ColorSchemePreference.preferLight.prefersDarkTheme(gtkSetting: gtkSetting))
            #expect(ColorSchemePreference.noPreference.prefersDarkTheme(gtkSetting: gtkSetting) == gtkSetting)
        }
    }
}
