# Sourced by build.sh: `./build.sh install [PREFIX]`. Puts the app, the server
# and everything a desktop and an operator look for under PREFIX (below
# $DESTDIR when set), in the layout DataDirectoryLocator and ConsoleFiles
# search: PREFIX/bin beside PREFIX/share/assist.
#
# ASSIST_BUILD_CONFIGURATION=release (default) builds with Swift's runtime
# linked statically and strips the binaries; =debug installs the debug build
# as it is (what the test run does, to reuse the build it has just made).

# The app id: the .desktop file's name, the icon's and the metainfo's.
APP_ID=dev.assist.Desktop
# The sizes of the app icon rendered from its SVG into hicolor, in pixels.
ICON_SIZES=(16 24 32 48 64 96 128 192 256 512)

# The newest release in the metainfo: the version installed and packaged.
assist_version() {
    sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "packaging/$APP_ID.metainfo.xml" | head -n 1
}

# The date of that release (YYYY-MM-DD): the man pages' date.
assist_release_date() {
    sed -n 's/.*<release version="[^"]*" date="\([^"]*\)".*/\1/p' "packaging/$APP_ID.metainfo.xml" | head -n 1
}

# The programs ./build.sh install puts in bin/: the app, its template mode
# (the one program that links WebKitGTK) and the server.
INSTALLED_PROGRAMS=(assist-desktop assist-desktop-web assist-server)

# Builds INSTALLED_PROGRAMS in ASSIST_BUILD_CONFIGURATION and prints the
# folder holding them.
build_installed_binaries() {
    local configuration=${ASSIST_BUILD_CONFIGURATION:-release} flags=() product bin
    bin=$(swift build -c "$configuration" --show-bin-path)
    if [ "$configuration" = release ]; then
        flags=(--static-swift-stdlib)
        # SwiftPM keeps its release build plan (release.yaml, description.json)
        # when only this link flag changed, so after the generate-manual plugin's
        # build without it the programs would stay linked to Swift's shared
        # runtime: drop the plan and the programs so both are made again.
        rm -f .build/release.yaml "$bin/description.json"
        for product in "${INSTALLED_PROGRAMS[@]}"; do rm -f "$bin/$product"; done
    fi
    for product in "${INSTALLED_PROGRAMS[@]}"; do
        swift build -c "$configuration" "${flags[@]}" --product "$product" >&2
        if [ "$configuration" = release ] && readelf -d "$bin/$product" | grep -q 'libswiftCore\.so'; then
            log "install: $product still loads Swift's runtime from a shared library"; return 1
        fi
    done
    echo "$bin"
}

# Writes a man page per INSTALLED_PROGRAMS (assist-desktop.1, …) into $1 with swift-argument-parser's
# generate-manual plugin (which builds every product of the configuration first).
generate_man_pages() {
    local target=$1 configuration=${ASSIST_BUILD_CONFIGURATION:-release} outputs page
    swift package plugin generate-manual --configuration "$configuration" \
        --date "$(assist_release_date)" --section 1 >&2
    outputs=$(swift build -c "$configuration" --show-bin-path)/../../plugins/GenerateManual/outputs
    [ -d "$outputs" ] || outputs=.build/plugins/GenerateManual/outputs
    mkdir -p "$target"
    for page in "${INSTALLED_PROGRAMS[@]}"; do
        find "$outputs" -name "$page.1" -print -quit | grep -q . || { log "generate-manual wrote no $page.1 under $outputs"; return 1; }
        cp "$(find "$outputs" -name "$page.1" -print -quit)" "$target/$page.1"
    done
}

# Renders the SVG app icon at every ICON_SIZES into $1/hicolor/SIZExSIZE/apps.
render_icons() {
    local target=$1 size
    for size in "${ICON_SIZES[@]}"; do
        mkdir -p "$target/hicolor/${size}x${size}/apps"
        rsvg-convert -w "$size" -h "$size" -o "$target/hicolor/${size}x${size}/apps/$APP_ID.png" \
            "data/icons/hicolor/scalable/apps/$APP_ID.svg"
    done
    mkdir -p "$target/hicolor/scalable/apps"
    install -m 644 "data/icons/hicolor/scalable/apps/$APP_ID.svg" "$target/hicolor/scalable/apps/"
}

# ./build.sh install [PREFIX]: the binaries, share/assist, the .desktop file,
# the icons, the metainfo, the man pages and the server's systemd unit (with
# PREFIX's paths), and the server's agents file in the configuration folder
# (/etc for PREFIX /usr, else PREFIX/etc) unless one is there.
cmd_install() {
    local prefix=${1:-/usr/local} destdir=${DESTDIR:-} root bin sysconfdir unitdir page program configuration
    configuration=${ASSIST_BUILD_CONFIGURATION:-release}
    case "$prefix" in /*) ;; *) log "install: PREFIX must be an absolute path, got '$prefix'"; exit 2 ;; esac
    case "$configuration" in release | debug) ;; *) log "install: ASSIST_BUILD_CONFIGURATION is release or debug, got '$configuration'"; exit 2 ;; esac
    if [ "$prefix" = /usr ]; then sysconfdir=/etc; else sysconfdir=$prefix/etc; fi
    # systemd reads units from /lib/systemd/system (Debian 12) and /usr/local/lib/systemd/system.
    if [ "$prefix" = /usr ]; then unitdir=/lib/systemd/system; else unitdir=$prefix/lib/systemd/system; fi
    root=$destdir$prefix
    generate_man_pages ".build/install-man"
    bin=$(build_installed_binaries)

    install -d "$root/bin" "$root/share/assist" "$root/share/applications" "$root/share/metainfo" \
        "$root/share/man/man1" "$destdir$unitdir" "$destdir$sysconfdir/assist"
    for program in "${INSTALLED_PROGRAMS[@]}"; do
        install -m 755 "$bin/$program" "$root/bin/"
        if [ "$configuration" = release ]; then strip --strip-unneeded "$root/bin/$program"; fi
    done

    # Data: what DataDirectoryLocator and ConsoleFiles look for beside bin/.
    install -m 644 data/assist.css data/assist.json "$root/share/assist/"
    cp -r data/prechat data/console data/templates data/icons "$root/share/assist/"
    find "$root/share/assist" -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
    compile_translations "$root/share/locale"

    render_icons "$root/share/icons"
    install_translated_desktop_files "$root/share/applications" "$root/share/metainfo"
    for page in "${INSTALLED_PROGRAMS[@]}"; do
        gzip -9n <".build/install-man/$page.1" >"$root/share/man/man1/$page.1.gz"
        chmod 644 "$root/share/man/man1/$page.1.gz"
    done

    sed -e "s|/usr/bin/assist-server|$prefix/bin/assist-server|" -e "s|/etc/|$sysconfdir/|g" \
        packaging/assist-server.service >"$destdir$unitdir/assist-server.service"
    chmod 644 "$destdir$unitdir/assist-server.service"
    install -d "$destdir$sysconfdir/default"
    sed -e "s|/etc/|$sysconfdir/|g" packaging/assist-server.default >"$destdir$sysconfdir/default/assist-server.new"
    [ -e "$destdir$sysconfdir/default/assist-server" ] || mv "$destdir$sysconfdir/default/assist-server.new" "$destdir$sysconfdir/default/assist-server"
    rm -f "$destdir$sysconfdir/default/assist-server.new"
    [ -e "$destdir$sysconfdir/assist/agents.json" ] || install -m 600 packaging/agents.json "$destdir$sysconfdir/assist/"
    log "installed Assist $(assist_version) ($configuration) under $root"
}
