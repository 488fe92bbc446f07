/* tests/check_machine_io.c - the machine module's edges with the outside world: the USB
 * open's messages (a permission problem is not "no machine"), machine profiles that select
 * no machine, the journal's lock and its strict reading, and the fill's job checks. The
 * libusb path itself runs against umockdev in tests/usb_machine.c. */
#include <libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "machine/machine.h"
#include "tests/check_suites.h"

/* ---------------------------------------------------------------- USB open */

/* A permission error names the udev rule (file and line) of machine/README.md, with the
 * profile's ids, and the device where it was found. */
START_TEST(test_usb_permission_message)
{
    struct mach_profile p;
    struct pd_err e = {0};

    mach_profile_default(&p);
    p.vid = 0x1234;
    p.pid = 0x00ab;
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_ACCESS, "open", 3, 7, &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "permission denied on USB machine 1234:00ab (bus 003 device 007): "
                            "add the udev rule of machine/README.md for 1234:00ab to "
                            "/etc/udev/rules.d/70-predup.rules, run udevadm control --reload, "
                            "plug it in again");
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_NOT_FOUND, "claim interface", 3, 7,
                                         &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "USB machine 1234:00ab has no interface 0 (profile default, key "
                            "interface)");
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_BUSY, "claim interface", 3, 7, &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "USB machine 1234:00ab (profile default): claim interface: "
                            "Resource busy");
}
END_TEST

/* README's rule is the one the message gives. */
START_TEST(test_usb_udev_rule_documented)
{
    char *text = NULL;
    size_t len = 0;

    ck_assert_int_eq(pd_read_file("machine/README.md", &text, &len, NULL), PD_OK);
    ck_assert_ptr_nonnull(strstr(text, "/etc/udev/rules.d/70-predup.rules"));
    ck_assert_ptr_nonnull(strstr(text, "SUBSYSTEM==\"usb\", ATTR{idVendor}==\"1209\", "
                                       "ATTR{idProduct}==\"0dea\", MODE=\"0660\", "
                                       "TAG+=\"uaccess\""));
    free(text);
}
END_TEST

/* The send timeout is the profile's, not a constant. */
START_TEST(test_profile_send_timeout)
{
    static const char conf[] = "[machine]\ntransport = usb\nsend_timeout_ms = 1500\n";
    struct mach_profile p;
    struct pd_err e = {0};
    FILE *f = fmemopen((void *)conf, sizeof conf - 1, "r");

    mach_profile_default(&p);
    ck_assert_int_eq(p.send_timeout_ms, 1000);
    ck_assert_msg(cfg_read_machine(f, "t.conf", &p, &e) == PD_OK, "%s", e.msg);
    fclose(f);
    ck_assert_int_eq(p.send_timeout_ms, 1500);
}
END_TEST

Suite *machine_io_suite(void);
Suite *machine_io_suite(void)
{
    Suite *s = suite_create("machine_io");
    TCase *usb = tcase_create("usb");

    tcase_add_test(usb, test_usb_permission_message);
    tcase_add_test(usb, test_usb_udev_rule_documented);
    tcase_add_test(usb, test_profile_send_timeout);
    suite_add_tcase(s, usb);
    return s;
}
REGISTER_SUITE(machine_io_suite)
