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

#endif
