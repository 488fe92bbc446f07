/* machine/camera/capture.c - frames from a camera through GStreamer: the profile's pipeline
 * (a USB webcam: "v4l2src device=/dev/video0"; in tests, image files: "multifilesrc
 * location=f%03d.png index=0 loop=true ! pngdec"), converted to RGB and taken from an appsink. */
#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <stdlib.h>
#include <string.h>

#include "machine/camera/cam_int.h"

struct cam_capture {
    GstElement *pipeline, *sink;
    bool live; /* a camera (frames go on coming), not files */
};

enum pd_status cam_capture_open(const char *pipeline, struct cam_capture **out,
                                struct pd_err *e)
{
    struct cam_capture *c = calloc(1, sizeof *c);
    char *full = NULL;
    GError *err = NULL;

    *out = c;
    if (!c)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the camera");
    gst_init(NULL, NULL);
    if (asprintf(&full, "%s ! videoconvert ! video/x-raw,format=RGB ! appsink name=predup "
                 "max-buffers=1 sync=false", pipeline) < 0)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the camera");
    c->pipeline = gst_parse_launch(full, &err);
    free(full);
    if (!c->pipeline || err) {
        pd_fail(e, PD_ERR_DEVICE, "the camera pipeline \"%s\": %s", pipeline,
                err ? err->message : "cannot be built");
        g_clear_error(&err);
        return e->code;
    }
    c->sink = gst_bin_get_by_name(GST_BIN(c->pipeline), "predup");
    switch (gst_element_set_state(c->pipeline, GST_STATE_PLAYING)) {
    case GST_STATE_CHANGE_FAILURE:
        return pd_fail(e, PD_ERR_DEVICE, "the camera pipeline \"%s\" does not start (is the "
                       "camera plugged in?)", pipeline);
    case GST_STATE_CHANGE_NO_PREROLL: /* a live source: keep only the newest frame */
        c->live = true;
        g_object_set(c->sink, "drop", TRUE, NULL);
        break;
    default: /* files: every frame, in order */
        break;
    }
    return PD_OK;
}

enum pd_status cam_capture_frame(struct cam_capture *c, int timeout_ms, struct vis_image *img,
                                 struct pd_err *e)
{
    GstSample *s;
    GstStructure *st;
    GstMapInfo map;
    int w = 0, h = 0;
    enum pd_status rc;

    /* a camera's frame taken before the card moved shows the card before: never read it */
    while (c->live && (s = gst_app_sink_try_pull_sample(GST_APP_SINK(c->sink), 0)))
        gst_sample_unref(s);
    s = gst_app_sink_try_pull_sample(GST_APP_SINK(c->sink), (GstClockTime)timeout_ms *
                                                                GST_MSECOND);
    if (!s)
        return pd_fail(e, PD_ERR_DEVICE, "no frame from the camera within %d ms (unplugged?)",
                       timeout_ms);
    st = gst_caps_get_structure(gst_sample_get_caps(s), 0);
    gst_structure_get_int(st, "width", &w);
    gst_structure_get_int(st, "height", &h);
    rc = vis_image_new(img, w, h, 3, e);
    if (rc == PD_OK && gst_buffer_map(gst_sample_get_buffer(s), &map, GST_MAP_READ)) {
        size_t in_stride = ((size_t)w * 3 + 3) & ~(size_t)3; /* GStreamer's RGB rows: 4-aligned */

        for (int y = 0; y < h && (size_t)y * in_stride + (size_t)w * 3 <= map.size; y++)
            memcpy(img->pixels + (size_t)y * (size_t)img->stride,
                   map.data + (size_t)y * in_stride, (size_t)w * 3);
        gst_buffer_unmap(gst_sample_get_buffer(s), &map);
    }
    gst_sample_unref(s);
    return rc;
}

void cam_capture_close(struct cam_capture *c)
{
    if (!c)
        return;
    if (c->pipeline) {
        gst_element_set_state(c->pipeline, GST_STATE_NULL);
        gst_object_unref(c->pipeline);
    }
    if (c->sink)
        gst_object_unref(c->sink);
    free(c);
}
