/// A stand-in chat template for the bridge tests: it speaks the template
/// contract's bridge from its scripts (`post(name, body)`), defines
/// `MobileInterface`, and writes what the app did to it into its title
/// (`log`); with `openOnLoad=URL` in its query it calls `window.open(URL)`
/// as it loads. `{{OTHER}}` is the second origin.
enum TemplatePages {
    /// The entry point's path.
    static let entry = "system/templates/chat/assist/index.html"

    static let all: [String: String] = [
        entry: #"""
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>loading</title><style>
            body { margin: 0; font: 15px sans-serif; background: #f4f6f8; color: #1d2733; }
            header { background: #1e5aa8; color: #fff; padding: 12px 16px; display: flex; justify-content: space-between; }
            header button { background: transparent; color: #fff; border: 1px solid #fff; border-radius: 4px; }
            main { padding: 12px 16px; }
            .agent, .me { padding: 8px 12px; border-radius: 12px; margin: 8px 0; max-width: 70%; }
            .agent { background: #fff; border: 1px solid #d0d7de; }
            .me { background: #1e5aa8; color: #fff; margin-left: auto; }
            footer { position: fixed; bottom: 0; left: 0; right: 0; padding: 8px 16px; background: #fff; border-top: 1px solid #d0d7de; }
            footer input { width: 75%; padding: 6px; }
            iframe { width: 300px; height: 40px; border: 0; }
            </style></head><body>
            <header><span>Assist chat — Support</span><button id="close" onclick="closeClicked()">Close</button></header>
            <main>
            <div class="agent"><b>Sam</b><br>Hello Ada, how can I help you today?</div>
            <div class="me">My invoice shows the wrong address.</div>
            <div class="agent"><b>Sam</b><br>Let me check that for you. <a href="#">invoice.pdf</a></div>
            <iframe id="frame" src="{{OTHER}}/frame.html"></iframe>
            </main>
            <footer><input placeholder="Type a message"> <button>Send</button></footer>
            <script>
            var log = [];
            function record(entry) { log.push(entry); document.title = log.join(' | '); }
            function post(name, body) {
              var handlers = window.webkit && window.webkit.messageHandlers;
              if (handlers && handlers[name]) handlers[name].postMessage(body);
            }
            function closeClicked() { if (confirm('End the chat?')) post('IOSChatClosed', ''); }
            window.MobileInterface = {
              CloseChat: function () { record('CloseChat'); post('IOSChatEnded', 'closedByApp'); },
              ShowCloseButton: function (shown) {
                record('ShowCloseButton:' + shown);
                document.getElementById('close').style.display = shown ? '' : 'none';
              },
              OnCustomerDataReceived: function (json) { record('customer:' + json); }
            };
            window.addEventListener('message', function (event) {
              if (typeof event.data === 'string' && event.data.indexOf('frame:') === 0) record(event.data);
            });
            var inApp = !!(window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.IOSInterface);
            record('ready:' + inApp);
            var unasked = new URLSearchParams(location.search).get('openOnLoad');
            if (unasked) { window.open(unasked, '_blank'); record('opened on load'); }
            post('IOSGetCustomerData', '');
            </script></body></html>
            """#,
        // On the second origin: a foreign frame trying the seed's names.
        "frame.html": #"""
            <!DOCTYPE html><html><body><script>
            var outcome = 'none';
            try {
              window.webkit.messageHandlers.IOSChatEnded.postMessage('fromFrame');
              outcome = 'posted';
            } catch (error) { outcome = 'unreachable'; }
            parent.postMessage('frame:' + outcome, '*');
            </script></body></html>
            """#,
        // Loaded from the second origin: a chat page that is not the template's origin.
        "system/templates/chat/assist/elsewhere.html": #"""
            <!DOCTYPE html><html><head><title>elsewhere</title></head><body><script>
            var handlers = window.webkit && window.webkit.messageHandlers;
            if (handlers && handlers.IOSChatEnded) handlers.IOSChatEnded.postMessage('elsewhere');
            if (handlers && handlers.IOSChatStarted) handlers.IOSChatStarted.postMessage('elsewhere');
            document.title = 'elsewhere:' + !!(handlers && handlers.IOSInterface);
            </script></body></html>
            """#,
        "pushed.html": #"<!DOCTYPE html><html><head><title>pushed</title></head><body>A page the agent pushed.</body></html>"#,
    ]
}
