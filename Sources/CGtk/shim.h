#ifndef ASSIST_CGTK_SHIM_H
#define ASSIST_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/x11/gdkx.h>
#include <X11/Xatom.h>

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

/* gtk_accessible_update_property and _update_state are variadic (a list of
 * property/value pairs ended by -1); these set one value each. */
static inline void assist_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void assist_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void assist_accessible_set_required(GtkAccessible *accessible, gboolean required) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_REQUIRED, required, -1);
}

static inline void assist_accessible_set_invalid(GtkAccessible *accessible, gboolean invalid) {
    gtk_accessible_update_state(
        accessible, GTK_ACCESSIBLE_STATE_INVALID,
        invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/* The accessible role is a construct-only property, so a widget with a role
 * other than its class's default must be made with g_object_new, which is
 * variadic. */
static inline GtkWidget *assist_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

/* Emits GtkEventControllerKey::key-pressed as a key press would, for tests
 * that drive a key controller; returns whether a handler consumed the key. */
static inline gboolean assist_signal_emit_key_pressed(
    gpointer controller, guint keyval, guint keycode, GdkModifierType state) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, keycode, state, &handled);
    return handled;
}

/* Emits GtkDropTarget::drop with `value` at (x, y), as a drop would, for
 * tests that drop files on a widget; returns whether the drop was taken. */
static inline gboolean assist_signal_emit_drop(gpointer target, const GValue *value, double x, double y) {
    gboolean taken = FALSE;
    g_signal_emit_by_name(target, "drop", value, x, y, &taken);
    return taken;
}

/* Asks an X11 window manager to keep a mapped window above others (or not)
 * with the EWMH _NET_WM_STATE client message; GTK 4 has no call for it.
 * FALSE when the window is not on X11 (Wayland has no such request) or not
 * mapped yet. */
static inline gboolean assist_x11_request_keep_above(GtkWindow *window, gboolean above) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) return FALSE;
    GdkDisplay *display = gdk_surface_get_display(surface);
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    XClientMessageEvent message = { 0 };
    message.type = ClientMessage;
    message.window = gdk_x11_surface_get_xid(surface);
    message.message_type = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE");
    message.format = 32;
    message.data.l[0] = above ? 1 : 0; /* _NET_WM_STATE_ADD or _REMOVE */
    message.data.l[1] = (long)gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_ABOVE");
    message.data.l[3] = 1; /* from an application */
    XSendEvent(xdisplay, DefaultRootWindow(xdisplay), False,
               SubstructureRedirectMask | SubstructureNotifyMask, (XEvent *)&message);
    XFlush(xdisplay);
    return TRUE;
}

/* Whether the window manager put an X11 window in _NET_WM_STATE_ABOVE: what
 * it made of the request above. FALSE off X11. */
static inline gboolean assist_x11_is_kept_above(GtkWindow *window) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) return FALSE;
    GdkDisplay *display = gdk_surface_get_display(surface);
    Atom above = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_ABOVE");
    Atom type;
    int format;
    unsigned long count, remaining;
    unsigned char *data = NULL;
    int status = XGetWindowProperty(
        gdk_x11_display_get_xdisplay(display), gdk_x11_surface_get_xid(surface),
        gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE"), 0, 64, False, XA_ATOM,
        &type, &format, &count, &remaining, &data);
    gboolean found = FALSE;
    if (status == Success && data != NULL && format == 32) {
        Atom *atoms = (Atom *)data;
        for (unsigned long i = 0; i < count; i++) found = found || atoms[i] == above;
    }
    if (data != NULL) XFree(data);
    return found;
}

/* GtkSettings' gtk-application-prefer-dark-theme, read and set with the
 * variadic g_object_get / g_object_set (ColorSchemeFollower.swift). */
static inline gboolean assist_settings_prefers_dark(GtkSettings *settings) {
    gboolean dark = FALSE;
    g_object_get(settings, "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
}

static inline void assist_settings_set_prefers_dark(GtkSettings *settings, gboolean dark) {
    g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

#endif
