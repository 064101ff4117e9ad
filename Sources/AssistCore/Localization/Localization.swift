import CGettext
import Foundation

/// Assist's sentences in the person's language: GNU gettext catalogs of the
/// text domain ``domain``, one `assist.mo` per language under a locale
/// folder (`PREFIX/share/locale/de/LC_MESSAGES/assist.mo`).
///
/// The language is the process's: `LANGUAGE`, else `LC_ALL`, `LC_MESSAGES`
/// or `LANG`, as for every GNOME app (GTK sets the locale when it starts). A
/// sentence with no translation stays English. Catalogs are made from `po/`
/// with `./build.sh po` (extract and merge) and compiled by `./build.sh build`.
public enum Localization {
    /// The text domain of Assist's catalogs.
    public static let domain = "assist"

    /// Reads the catalogs of ``domain`` from `directory` (a locale folder
    /// such as `/usr/share/locale`), in UTF-8 whatever the locale's character
    /// set. The app calls it once at start; an app that embeds the SDK and
    /// installs Assist's catalogs elsewhere than its system's locale folder
    /// calls it before showing a view.
    public static func bind(localeDirectory directory: String) {
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The locale dates and times are written for: the process's `LC_TIME`
    /// as the C library has it (`de_DE.UTF-8` → `de_DE`) once the app has
    /// taken its locale from the environment (`setlocale(LC_ALL, "")`, which
    /// GTK does too); Foundation's current locale when that is C or POSIX.
    /// Foundation on Linux does not read `LANG` or `LC_*` itself.
    public static var formattingLocale: Locale {
        guard let name = setlocale(LC_TIME, nil).map({ String(cString: $0) }) else { return .current }
        let identifier = name.prefix { $0 != "." && $0 != "@" }
        return identifier.isEmpty || identifier == "C" || identifier == "POSIX" ? .current : Locale(identifier: String(identifier))
    }

    /// The locale folder that goes with a data folder found by
    /// ``DataDirectoryLocator``: `PREFIX/share/locale` beside an installed
    /// `PREFIX/share/assist`, or `.build/locale` beside a source tree's `data`
    /// (where `./build.sh build` compiles the catalogs); `nil` when neither exists.
    ///
    /// - Parameters:
    ///   - dataDirectory: the data folder (absolute).
    ///   - isDirectory: whether a folder exists at an absolute path.
    public static func localeDirectory(forDataDirectory dataDirectory: String, isDirectory: (String) -> Bool) -> String? {
        let parent = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent()
        let candidates = [parent.appendingPathComponent("locale").path, parent.appendingPathComponent(".build/locale").path]
        return candidates.first(where: isDirectory)
    }
}

/// `message` in the person's language (its English text when the catalog has
/// no translation). Marks the sentence for `./build.sh po`, which extracts
/// every literal passed to this function.
public func localized(_ message: String) -> String {
    // gettext answers with the very pointer it was given when there is no
    // translation: the text is copied while that pointer still lives.
    message.withCString { untranslated in String(cString: dgettext(Localization.domain, untranslated)) }
}

/// `message` in the person's language with its placeholders filled:
/// `localized("Saved as {name}", ["name": file])`. Translators move the
/// `{…}` placeholders where their language puts them and keep their names.
public func localized(_ message: String, _ values: KeyValuePairs<String, String>) -> String {
    filled(localized(message), Array(values))
}

/// The singular or plural sentence for `count`, in the person's language
/// (as many plural forms as the language has), with `{count}` and the other
/// placeholders filled: `localizedPlural("{count} minute", "{count} minutes", count: 3)`.
public func localizedPlural(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]
) -> String {
    let chosen = singular.withCString { singular in
        plural.withCString { plural in
            String(cString: dngettext(Localization.domain, singular, plural, UInt(max(count, 0))))
        }
    }
    return filled(chosen, Array(values) + [(key: "count", value: String(count))])
}

/// `text` with each `{name}` placeholder replaced by its value, in one pass
/// over `text`: a value that itself holds braces is left as it is, a
/// placeholder with no value stays, and the first value of a name wins.
private func filled(_ text: String, _ values: [(key: String, value: String)]) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}"),
            let value = values.first(where: { $0.key == rest[rest.index(after: open)..<close] })?.value
        else {
            result.append("{")
            rest = rest[rest.index(after: open)...]
            continue
        }
        result += value
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
