#ifndef ASSIST_CGSTREAMER_SHIM_H
#define ASSIST_CGSTREAMER_SHIM_H

/* webrtcbin's library API (GstWebRTCSessionDescription, the transceiver
 * directions) is marked unstable; it has been the same since 1.16. */
#define GST_USE_UNSTABLE_API 1

#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/sdp/sdp.h>
#include <gst/video/video.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

/* Swift cannot call variadic C (g_signal_emit_by_name, g_object_get/set,
 * gst_structure_get/new). These wrap the few calls the call's media engine
 * makes, one typed function each; nothing else belongs here. */

/* webrtcbin::create-offer, without options (webrtcbin 1.22 knows no
 * "ice-restart" option). */
static inline void assist_webrtc_create_offer(GstElement *webrtc, GstPromise *promise) {
    g_signal_emit_by_name(webrtc, "create-offer", NULL, promise);
}

/* webrtcbin::create-answer, without options. */
static inline void assist_webrtc_create_answer(GstElement *webrtc, GstPromise *promise) {
    g_signal_emit_by_name(webrtc, "create-answer", NULL, promise);
}

/* webrtcbin::set-local-description; `promise` may be NULL. */
static inline void assist_webrtc_set_local_description(
    GstElement *webrtc, GstWebRTCSessionDescription *description, GstPromise *promise) {
    g_signal_emit_by_name(webrtc, "set-local-description", description, promise);
}

/* webrtcbin::set-remote-description; `promise` may be NULL. */
static inline void assist_webrtc_set_remote_description(
    GstElement *webrtc, GstWebRTCSessionDescription *description, GstPromise *promise) {
    g_signal_emit_by_name(webrtc, "set-remote-description", description, promise);
}

/* webrtcbin::add-ice-candidate. */
static inline void assist_webrtc_add_ice_candidate(GstElement *webrtc, guint mline_index, const gchar *candidate) {
    g_signal_emit_by_name(webrtc, "add-ice-candidate", mline_index, candidate);
}

/* webrtcbin::add-transceiver; returns the new transceiver (a reference the
 * caller releases). */
static inline GstWebRTCRTPTransceiver *assist_webrtc_add_transceiver(
    GstElement *webrtc, GstWebRTCRTPTransceiverDirection direction, GstCaps *caps) {
    GstWebRTCRTPTransceiver *transceiver = NULL;
    g_signal_emit_by_name(webrtc, "add-transceiver", direction, caps, &transceiver);
    return transceiver;
}

/* webrtcbin::get-transceiver; the transceiver at `index` (a reference the
 * caller releases), or NULL past the last one. */
static inline GstWebRTCRTPTransceiver *assist_webrtc_get_transceiver(GstElement *webrtc, gint index) {
    GstWebRTCRTPTransceiver *transceiver = NULL;
    g_signal_emit_by_name(webrtc, "get-transceiver", index, &transceiver);
    return transceiver;
}

/* Requests `element`'s pad of template `template_name` for `caps`: a
 * webrtcbin sink pad requested with its RTP caps makes a transceiver whose
 * kind and codec are known before any data flows. GST_ELEMENT_GET_CLASS is a
 * macro Swift cannot import. */
static inline GstPad *assist_element_request_pad(GstElement *element, const gchar *template_name, GstCaps *caps) {
    GstPadTemplate *pad_template = gst_element_class_get_pad_template(GST_ELEMENT_GET_CLASS(element), template_name);
    return pad_template == NULL ? NULL : gst_element_request_pad(element, pad_template, NULL, caps);
}

/* webrtcbin::add-turn-server, a turn:// or turns:// URI with credentials. */
static inline gboolean assist_webrtc_add_turn_server(GstElement *webrtc, const gchar *uri) {
    gboolean added = FALSE;
    g_signal_emit_by_name(webrtc, "add-turn-server", uri, &added);
    return added;
}

/* webrtcbin's libnice agent (its ice-agent's "agent"), with a reference the
 * caller drops; NULL when the ICE agent is not libnice's. */
static inline NiceAgent *assist_webrtc_copy_nice_agent(GstElement *webrtc) {
    GObject *ice = NULL;
    NiceAgent *agent = NULL;
    g_object_get(webrtc, "ice-agent", &ice, NULL);
    if (ice != NULL && g_object_class_find_property(G_OBJECT_GET_CLASS(ice), "agent") != NULL) {
        g_object_get(ice, "agent", &agent, NULL);
    }
    if (ice != NULL) {
        g_object_unref(ice);
    }
    return agent;
}

/* Adds `address` to the local addresses libnice gathers candidates on.
 * libnice skips loopback interfaces, so a host with nothing but `lo` gathers
 * no candidate at all unless 127.0.0.1 is added here before gathering starts. */
static inline gboolean assist_webrtc_add_local_address(GstElement *webrtc, const gchar *address) {
    NiceAgent *agent = assist_webrtc_copy_nice_agent(webrtc);
    gboolean added = FALSE;
    if (agent != NULL) {
        NiceAddress nice_address;
        nice_address_init(&nice_address);
        if (nice_address_set_from_string(&nice_address, address)) {
            added = nice_agent_add_local_address(agent, &nice_address);
        }
        g_object_unref(agent);
    }
    return added;
}

/* Makes libnice's keepalives connectivity checks that want an answer, so a
 * peer that vanished without a word fails ICE instead of staying
 * "connected" for ever: the libnice of webrtcbin 1.22 has no consent
 * freshness (RFC 7675) of its own. */
static inline gboolean assist_webrtc_require_consent(GstElement *webrtc) {
    NiceAgent *agent = assist_webrtc_copy_nice_agent(webrtc);
    if (agent == NULL) {
        return FALSE;
    }
    g_object_set(agent, "keepalive-conncheck", TRUE, NULL);
    g_object_unref(agent);
    return TRUE;
}

/* The session description in `field` ("offer" or "answer") of a promise's
 * reply, as a copy the caller frees; NULL when the field is missing. */
static inline GstWebRTCSessionDescription *assist_reply_copy_description(const GstStructure *reply, const gchar *field) {
    GstWebRTCSessionDescription *description = NULL;
    if (reply == NULL || !gst_structure_has_field_typed(reply, field, GST_TYPE_WEBRTC_SESSION_DESCRIPTION)) {
        return NULL;
    }
    gst_structure_get(reply, field, GST_TYPE_WEBRTC_SESSION_DESCRIPTION, &description, NULL);
    return description;
}

/* The message of the GError in a promise's "error" field, as a string the
 * caller frees; NULL when the reply carries no error. */
static inline gchar *assist_reply_copy_error_message(const GstStructure *reply) {
    GError *error = NULL;
    gchar *message = NULL;
    if (reply == NULL || !gst_structure_has_field_typed(reply, "error", G_TYPE_ERROR)) {
        return NULL;
    }
    gst_structure_get(reply, "error", G_TYPE_ERROR, &error, NULL);
    if (error != NULL) {
        message = g_strdup(error->message);
        g_error_free(error);
    }
    return message;
}

/* g_object_get of an enum property (webrtcbin's connection states, a
 * transceiver's kind). */
static inline gint assist_object_get_enum(gpointer object, const gchar *property) {
    gint value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

/* g_object_set of an enum property (a transceiver's direction,
 * webrtcbin's bundle-policy). */
static inline void assist_object_set_enum(gpointer object, const gchar *property, gint value) {
    g_object_set(object, property, value, NULL);
}

/* g_object_set of a boolean property (valve's drop, a sink's sync). */
static inline void assist_object_set_boolean(gpointer object, const gchar *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

/* g_object_set of an unsigned integer property (webrtcbin's latency). */
static inline void assist_object_set_uint(gpointer object, const gchar *property, guint value) {
    g_object_set(object, property, value, NULL);
}

/* g_object_set of a string property (webrtcbin's stun-server). */
static inline void assist_object_set_string(gpointer object, const gchar *property, const gchar *value) {
    g_object_set(object, property, value, NULL);
}

#endif
