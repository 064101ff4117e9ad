#ifndef ASSIST_CPORTAL_SHIM_H
#define ASSIST_CPORTAL_SHIM_H

/* libportal 0.6 (Debian libportal-dev, libportal-gtk4-dev): the desktop
 * portals, and the parent-window handle of a GTK 4 window. */
#include <libportal/portal.h>
#include <libportal-gtk4/portal-gtk4.h>
#include <string.h>

/* Copies `length` bytes of BGRx pixels to `destination` and sets every
 * fourth byte (the x) to 255, so the copy is opaque B, G, R, A. The x byte
 * is undefined: mutter leaves a window's alpha there, and videoconvert
 * passes it on unchanged when asked for BGRA. `length` is a multiple of 4.
 * In C because the loop runs on every frame, in debug builds too. */
static inline void assist_copy_opaque_bgrx(guint8 *destination, const guint8 *source, gsize length) {
    memcpy(destination, source, length);
    for (gsize index = 3; index < length; index += 4) {
        destination[index] = 0xff;
    }
}

#endif
