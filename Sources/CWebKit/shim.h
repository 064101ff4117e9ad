#ifndef ASSIST_CWEBKIT_SHIM_H
#define ASSIST_CWEBKIT_SHIM_H

#include <webkit/webkit.h>

/* A web view's network session and user content manager are construct-only
 * properties, set only through g_object_new, which is variadic: Swift
 * cannot call it. This makes a view with both (and its settings). */
static inline GtkWidget *assist_web_view_new(WebKitNetworkSession *session, WebKitUserContentManager *content,
                                             WebKitSettings *settings) {
    return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager", content,
                                   "settings", settings, NULL));
}

#endif
