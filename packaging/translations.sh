# shellcheck shell=bash
# Assist's translations, the GNOME way: GNU gettext catalogs in po/ (one
# LANG.po per language listed in po/LINGUAS, the template po/assist.pot),
# compiled to LANG/LC_MESSAGES/assist.mo under a locale folder. Sourced by
# build.sh; docs/operations.md, "Translations", says how to add a language.

TRANSLATION_DOMAIN=assist
# Every Swift file whose sentences the person reads: the SDK's core and views,
# the call and web views, the app (and, below, the .desktop file and the metainfo). The marking functions are AssistCore's
# localized(_:) and localizedPlural(_:_:count:) (Sources/AssistCore/Localization).
TRANSLATED_SOURCES=(Sources/AssistCore Sources/AssistGtk Sources/AssistCall Sources/AssistWeb Sources/AssistDesktopKit Sources/AssistDesktop Sources/AssistDesktopWeb)

# Writes the sentences marked in TRANSLATED_SOURCES to OUTPUT as a .pot file.
# xgettext has no Swift parser; its C lexer reads Swift's plain string
# literals alike, and only the marking functions' arguments are taken.
extract_translatable_sentences() {
    local output=$1 copies file
    copies=$(mktemp -d)
    # Multi-line literals ("""…""", HTML and scripts, never marked) would
    # throw the C lexer off: they become blank lines, so line numbers hold.
    while IFS= read -r file; do
        mkdir -p "$copies/$(dirname "$file")"
        awk '{
            quotes = gsub(/"""/, "&")
            if (inside) { if (quotes % 2 == 1) inside = 0; print ""; next }
            if (quotes % 2 == 1) { inside = 1; sub(/""".*/, "\"\""); print; next }
            print
        }' "$file" >"$copies/$file"
    done < <(find "${TRANSLATED_SOURCES[@]}" -name '*.swift' | LC_ALL=C sort)
    (cd "$copies" && find "${TRANSLATED_SOURCES[@]}" -name '*.swift' | LC_ALL=C sort >files &&
        xgettext --language=C --from-code=UTF-8 --keyword --keyword=localized:1 --keyword=localizedPlural:1,2 \
            --add-comments=TRANSLATORS: --package-name=Assist --msgid-bugs-address=https://assist.dev/issues \
            --files-from=files --output=out.pot)
    mv "$copies/out.pot" "$output"
    rm -rf "$copies"
    # The menu entry's and the software centre's words (appstream ships the metainfo ITS rules).
    xgettext --join-existing --language=Desktop --keyword --keyword=Name --keyword=GenericName --keyword=Comment \
        --keyword=Keywords --output="$output" "data/$APP_ID.desktop"
    xgettext --join-existing --output="$output" "packaging/$APP_ID.metainfo.xml"
}

# ./build.sh po: refreshes po/assist.pot from the sources and merges it into
# every language's .po (new sentences empty, changed ones marked fuzzy).
cmd_po() {
    extract_translatable_sentences po/assist.pot
    local language
    for language in $(cat po/LINGUAS); do
        msgmerge --quiet --update --backup=none "po/$language.po" po/assist.pot
    done
    log "po/assist.pot: $(grep -c '^msgid ' po/assist.pot) entries (the first is the header); translate what msgfmt reports:"
    check_translations_complete || true
}

# Compiles every language of po/LINGUAS into LOCALE_DIR/LANG/LC_MESSAGES/assist.mo.
compile_translations() {
    local locale_dir=$1 language
    for language in $(cat po/LINGUAS); do
        install -d "$locale_dir/$language/LC_MESSAGES"
        msgfmt --check --output-file="$locale_dir/$language/LC_MESSAGES/$TRANSLATION_DOMAIN.mo" "po/$language.po"
    done
}

# Writes the .desktop file and the metainfo with every language's names and
# descriptions (Name[de]=…, xml:lang="de") to APPLICATIONS and METAINFO.
install_translated_desktop_files() {
    local applications=$1 metainfo=$2
    msgfmt --desktop --template="data/$APP_ID.desktop" -d po --output-file="$applications/$APP_ID.desktop"
    msgfmt --xml --template="packaging/$APP_ID.metainfo.xml" -d po --output-file="$metainfo/$APP_ID.metainfo.xml"
    chmod 644 "$applications/$APP_ID.desktop" "$metainfo/$APP_ID.metainfo.xml"
}

# Fails when a sentence marked in the sources is missing from po/assist.pot
# (./build.sh po was not run after a change) or a language leaves one
# untranslated or fuzzy.
check_translations_complete() {
    local fresh status=0 language counts
    fresh=$(mktemp --suffix=.pot)
    extract_translatable_sentences "$fresh"
    if ! diff <(msgcat --sort-output --no-location "$fresh" | grep -v '^"POT-Creation-Date') \
        <(msgcat --sort-output --no-location po/assist.pot | grep -v '^"POT-Creation-Date') >/dev/null; then
        log "po/assist.pot is not what the sources mark: run ./build.sh po"
        status=1
    fi
    rm -f "$fresh"
    for language in $(cat po/LINGUAS); do
        counts=$(msgfmt --statistics --output-file=/dev/null "po/$language.po" 2>&1)
        case "$counts" in
        *fuzzy* | *untranslated*) log "po/$language.po is not complete: $counts"; status=1 ;;
        *) log "po/$language.po: $counts" ;;
        esac
    done
    return "$status"
}
