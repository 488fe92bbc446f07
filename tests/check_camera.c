/* tests/check_camera.c - the camera machine (machine/camera/). Its capture: the same GStreamer
 * code that reads a webcam reads a pipeline of image files (multifilesrc and a decoder), so no
 * camera is needed; rendered cards saved as PNG come back pixel for pixel, and the end of the
 * files is an unplugged camera (PD_ERR_DEVICE), not a hang. Its Firmata code against the fake
 * StandardFirmata board on a pseudo-terminal (world.c): the version announced, every card put
 * where the diverter's angle sends it, the sensor's pulse, a jam, a double feed, an unplug. */
#include <stdio.h>
#include <string.h>
#include <time.h>

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

/* The fake board of a profile with faults at board 1 (misread etc. need frames: not here). */
static void rig(struct mach_profile *p, struct cam_world **w, struct fm_board *b,
                const struct mach_fault_at *f, int nf)
{
    char path[128];
    struct pd_err e = {0};

    mach_profile_default(p);
    p->kind = MACH_CAMERA;
    p->camera.simulated = true;
    p->camera.pass_ms = 300;
    for (int i = 0; i < nf; i++)
        p->sim.at[p->sim.nat++] = f[i];
    ck_assert_int_eq(cam_world_new(p, w, &e), PD_OK);
    ck_assert_msg(cam_world_plug(*w, path, sizeof path, &e) == PD_OK, "%s", e.msg);
    ck_assert_msg(fm_open(b, path, 3000, &e) == PD_OK, "%s", e.msg);
    ck_assert_int_eq(b->major, 2);
    ck_assert_int_eq(fm_mode(b, p->camera.feeder_pin, FM_OUTPUT, &e), PD_OK);
    ck_assert_int_eq(fm_mode(b, p->camera.sensor_pin, FM_INPUT, &e), PD_OK);
    ck_assert_int_eq(fm_mode(b, p->camera.diverter_pin, FM_SERVO, &e), PD_OK);
    cam_world_operator(*w, MA_START, 1);
}

/* The diverter to slot's angle, the motor on until the card passed: what the sensor says. */
static int move_to(const struct mach_profile *p, struct fm_board *b, int slot)
{
    struct pd_err e = {0};
    int up, down;

    ck_assert_int_eq(fm_servo(b, p->camera.diverter_pin, p->camera.angle[slot], &e), PD_OK);
    ck_assert_int_eq(fm_write(b, p->camera.feeder_pin, 1, &e), PD_OK);
    up = fm_wait(b, p->camera.sensor_pin, 1, 1000, &e);
    down = up == 1 ? fm_wait(b, p->camera.sensor_pin, 0, 1000, &e) : up;
    if (up >= 0 && down >= 0)
        ck_assert_int_eq(fm_write(b, p->camera.feeder_pin, 0, &e), PD_OK);
    return up < 0 || down < 0 ? -1 : up == 0 ? 0 : down == 0 ? 2 : 1;
}

START_TEST(test_fake_board_every_card_where_its_angle_says)
{
    struct mach_profile p;
    struct cam_world *w;
    struct fm_board b;
    int got[128], n, seen[52] = {0};

    rig(&p, &w, &b, NULL, 0);
    for (int i = 0; i < 52; i++) /* pockets 0 1 2 3 and the tray in turn */
        ck_assert_int_eq(move_to(&p, &b, i % 5), 1);
    ck_assert_int_eq(move_to(&p, &b, 0), 0); /* empty: the sensor never rises */
    for (int slot = 0; slot < 5; slot++) {
        n = cam_world_slot(w, slot, got);
        ck_assert_int_eq(n, slot < 2 ? 11 : 10);
        for (int k = 0; k < n; k++)
            seen[got[k]]++;
    }
    for (int c = 0; c < 52; c++)
        ck_assert_int_eq(seen[c], 1);
    fm_close(&b);
    cam_world_free(w);
}
END_TEST

START_TEST(test_fake_board_jam_double_unplug)
{
    const struct mach_fault_at f[3] = {{1, 2, MF_JAM}, {1, 3, MF_DOUBLE_FEED},
                                       {1, 6, MF_UNPLUG}};
    struct mach_profile p;
    struct cam_world *w;
    struct fm_board b;
    struct timespec t0, t1;
    int got[128];
    char path[128];
    struct pd_err e = {0};

    rig(&p, &w, &b, f, 3);
    ck_assert_int_eq(move_to(&p, &b, 0), 1);
    ck_assert_int_eq(move_to(&p, &b, 1), 2); /* card 2 sticks: the sensor stays high */
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert_int_eq(move_to(&p, &b, 2), 1); /* cards 3 and 4 at once: a long pass */
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ck_assert((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 >
              p.camera.pass_ms);
    ck_assert_int_eq(cam_world_slot(w, 2, got), 2);
    ck_assert_int_eq(move_to(&p, &b, 3), 1);
    ck_assert_int_eq(move_to(&p, &b, 3), -1); /* the hub is pulled */
    fm_close(&b);
    for (int i = 0; i < p.sim.replug_after; i++)
        ck_assert_int_eq(cam_world_plug(w, path, sizeof path, &e), PD_ERR_DEVICE);
    ck_assert_int_eq(cam_world_plug(w, path, sizeof path, &e), PD_OK);
    ck_assert_int_eq(fm_open(&b, path, 3000, &e), PD_OK);
    fm_close(&b);
    cam_world_free(w);
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
    tcase_add_test(t, test_fake_board_every_card_where_its_angle_says);
    tcase_add_test(t, test_fake_board_jam_double_unplug);
    suite_add_tcase(s, t);
    return s;
}
REGISTER_SUITE(camera_suite)
