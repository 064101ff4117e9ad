/// The test pages: absolutely placed blocks in colours used nowhere else,
/// so a colour count in the agent's picture says what it saw.
enum WebPages {
    /// The secret's colour (#13579b).
    static let secretCSS = "#13579b"
    /// A public block's colour (#2e8b57): seeing it proves the page is drawn.
    static let publicCSS = "#2e8b57"

    private static func page(_ body: String, extraStyle: String = "") -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"><style>
        body { margin: 0; background: #ffffff; font: 16px sans-serif; }
        .block { position: absolute; }
        .public { background: \(publicCSS); }
        .secret { background: \(secretCSS); }
        \(extraStyle)
        </style></head><body>\(body)<div id="ticker" class="block" style="left:600px;top:20px">ticker</div></body></html>
        """
    }

    private static let topPublic = #"<div class="block public" id="public" style="left:20px;top:20px;width:200px;height:80px"></div>"#

    static let all: [String: String] = [
        "marker.html": page(topPublic + #"<div class="block secret" id="secret" style="left:20px;top:140px;width:200px;height:80px"></div>"#),
        "noshow.html": page(
            topPublic + #"<div class="block secret assist-no-show" style="left:20px;top:140px;width:200px;height:80px"></div>"#),
        "frames.html": page(
            topPublic
                + #"<iframe id="frame" src="{{OTHER}}/inner.html" class="block" style="left:20px;top:140px;width:400px;height:200px;border:0"></iframe>"#
        ),
        "inner.html": page(
            #"<div class="block public" style="left:10px;top:10px;width:100px;height:40px"></div>"#
                + #"<div class="block secret assist-no-show" style="left:10px;top:70px;width:150px;height:50px"></div>"#
                + #"<div class="block secret" id="frame-secret" style="left:200px;top:70px;width:150px;height:50px"></div>"#),
        "scrolled.html": page(
            topPublic + #"<div class="block public" style="left:20px;top:1400px;width:200px;height:80px"></div>"#
                + #"<div class="block secret assist-no-show" style="left:20px;top:1520px;width:200px;height:80px"></div>"#
                + #"<div style="height:3000px"></div>"#),
        "control.html": page(
            topPublic + #"<div class="block secret" id="secret" style="left:20px;top:140px;width:200px;height:80px"></div>"#
                + #"<iframe src="{{OTHER}}/inner-control.html" class="block" style="left:20px;top:260px;width:400px;height:200px;border:0"></iframe>"#
        ),
        "inner-control.html": page(
            #"<div class="block public" style="left:10px;top:10px;width:100px;height:40px"></div>"#
                + #"<div class="block secret" style="left:10px;top:70px;width:150px;height:50px"></div>"#),
        "controls.html": page(
            #"""
            <button id="open" class="block" style="left:20px;top:20px;width:200px;height:50px" onclick="document.title='open'">Open</button>
            <button id="locked" class="block" style="left:20px;top:100px;width:200px;height:50px" onclick="document.title='locked'">Locked</button>
            <button id="hidden" class="block assist-no-show" style="left:20px;top:180px;width:200px;height:50px" onclick="document.title='hidden'">Hidden</button>
            <input id="name" class="block" style="left:20px;top:260px;width:200px;height:30px" oninput="document.title='name:'+this.value">
            <input id="locked-name" class="block" style="left:20px;top:320px;width:200px;height:30px" oninput="document.title='locked-name:'+this.value">
            <iframe id="frame" src="{{OTHER}}/inner-controls.html" class="block" style="left:20px;top:380px;width:300px;height:120px;border:0"></iframe>
            <script>
              window.addEventListener('message', function (event) {
                if (typeof event.data === 'string' && event.data.indexOf('frame:') === 0) document.title = event.data;
              });
            </script>
            """#),
        "inner-controls.html": page(
            #"<button class="block" style="left:10px;top:10px;width:150px;height:40px" onclick="parent.postMessage('frame:clicked', '*')">In frame</button>"#
        ),
    ]
}

extension WebPages {
    /// A page as a person might co-browse it: a payment form whose card
    /// number carries a marker, notes hidden with `assist-no-show`, a
    /// password, and a partner's frame from another origin with a secret.
    static let showcase = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><style>
        body { margin: 0; font: 15px sans-serif; background: #f4f6f8; color: #1d2733; }
        header { background: #1e5aa8; color: #fff; padding: 14px 24px; font-size: 20px; }
        main { padding: 16px 24px; display: grid; grid-template-columns: 380px 1fr; gap: 24px; }
        label { display: block; margin: 12px 0 4px; font-weight: bold; }
        input, textarea { width: 340px; font: 15px sans-serif; padding: 6px; border: 1px solid #8a97a6; }
        .public { background: \(publicCSS); color: #fff; padding: 10px; width: 320px; }
        iframe { width: 320px; height: 220px; border: 1px solid #8a97a6; background: #fff; }
        </style></head><body>
        <header>Example Bank — Payment</header>
        <main><section>
        <div class="public">Reference: INV-2041 (visible to the agent)</div>
        <label for="name">Name on card</label><input id="name" value="Sam Taylor">
        <label for="card">Card number (marker "secret")</label><input id="card" value="4111 1111 1111 1111">
        <label for="pin">Password</label><input id="pin" type="password" value="hunter2">
        <label for="notes">Private notes (assist-no-show)</label>
        <textarea id="notes" class="assist-no-show" rows="3">Call me after 6 pm on 555-0100</textarea>
        </section><section>
        <label>Partner widget (another origin)</label>
        <iframe src="{{OTHER}}/inner.html"></iframe>
        </section></main></body></html>
        """
}
