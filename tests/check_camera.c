/* tests/check_camera.c - the camera machine's capture (machine/camera/capture.c): the same
 * GStreamer code that reads a webcam reads a pipeline of image files (multifilesrc and a
 * decoder), so no camera is needed. Rendered cards saved as PNG come back pixel for pixel, and
 * the end of the files is an unplugged camera (PD_ERR_DEVICE), not a hang. */
#include <stdio.h>
#include <string.h>

#include "machine/camera/cam_int.h"
#include "tests/check_suites.h"

/* LeakSanitizer: GLib's own constructor (run by the loader) keeps a 16 KiB block that
 * GStreamer's start-up makes unreachable: a one-time allocation of the library's, not a leak
 * of predup's. The sanitizer's fast unwinding sees only g_malloc above malloc, so every block
 * GLib allocated is passed over in this binary; predup's own code allocates with malloc
 * (capture.c frees what GStreamer hands it with GStreamer's own unref calls). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libglib-2.0.so\n";
}

START_TEST(test_capture_reads_image_files)
{
    char dir[512], path[600], pipe[900];
    struct vis_image want[3] = {{0}}, got = {0};
    struct vis_render_opts o;
    struct cam_capture *c = NULL;
    struct pd_err e = {0};

    test_tmpdir(dir, sizeof dir);
    vis_render_defaults(&o);
    for (int i = 0; i < 3; i++) {
        o.seed = (unsigned long long)i + 1;
        ck_assert_int_eq(vis_render_card(i * 17, &o, &want[i], &e), PD_OK);
        snprintf(path, sizeof path, "%s/f%d.png", dir, i);
        ck_assert_int_eq(vis_image_save_png(&want[i], path, &e), PD_OK);
    }
    snprintf(pipe, sizeof pipe, "multifilesrc location=%s/f%%d.png index=0 stop-index=2 "
             "caps=image/png,framerate=(fraction)25/1 ! pngdec", dir);
    ck_assert_msg(cam_capture_open(pipe, &c, &e) == PD_OK, "%s", e.msg);
    for (int i = 0; i < 3; i++) {
        ck_assert_msg(cam_capture_frame(c, 5000, &got, &e) == PD_OK, "frame %d: %s", i, e.msg);
        ck_assert_int_eq(got.width, want[i].width);
        ck_assert_int_eq(got.height, want[i].height);
        ck_assert_int_eq(got.channels, 3);
        for (int y = 0; y < got.height; y++)
            ck_assert_msg(memcmp(got.pixels + (size_t)y * (size_t)got.stride,
                                 want[i].pixels + (size_t)y * (size_t)want[i].stride,
                                 (size_t)got.width * 3) == 0, "frame %d row %d differs", i, y);
        vis_image_free(&got);
        vis_image_free(&want[i]);
    }
    /* no more files: the camera is gone */
    ck_assert_int_eq(cam_capture_frame(c, 500, &got, &e), PD_ERR_DEVICE);
    cam_capture_close(c);
}
END_TEST

START_TEST(test_capture_bad_pipeline)
{
    struct cam_capture *c = NULL;
    struct pd_err e = {0};

    ck_assert_int_eq(cam_capture_open("nosuchelement_predup", &c, &e), PD_ERR_DEVICE);
    ck_assert_msg(strstr(e.msg, "nosuchelement_predup") != NULL, "%s", e.msg);
    cam_capture_close(c);
}
END_TEST

Suite *camera_suite(void);
Suite *camera_suite(void)
{
    Suite *s = suite_create("camera");
    TCase *t = tcase_create("capture");

    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_capture_reads_image_files);
    tcase_add_test(t, test_capture_bad_pipeline);
    suite_add_tcase(s, t);
    return s;
}
REGISTER_SUITE(camera_suite)
