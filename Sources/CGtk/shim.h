#ifndef ASSIST_CGTK_SHIM_H
#define ASSIST_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>

/* libdispatch's main-queue hooks, the ones CoreFoundation's run loop uses on
 * Linux. The main-loop bridge watches the handle with g_unix_fd_add_full and
 * drains the queue when it becomes readable, so MainActor jobs run inside
 * GLib's loop. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* G_APPLICATION_DEFAULT_FLAGS arrived in GLib 2.74 as an enum value Swift
 * imports; G_APPLICATION_FLAGS_NONE is deprecated there. */
static inline GApplicationFlags assist_application_default_flags(void) {
    return G_APPLICATION_DEFAULT_FLAGS;
}

/* g_signal_emit_by_name is variadic; this emits a signal that takes no
 * arguments and returns nothing, e.g. GtkButton::clicked. */
static inline void assist_signal_emit_void(gpointer instance, const char *name) {
    g_signal_emit_by_name(instance, name);
}

#endif
