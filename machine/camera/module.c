/* machine/camera/module.c - the camera module's one table (camera.h): the only name
 * predup-camera.so exports (its objects are built with hidden visibility), looked up by
 * mach_camera_module (machine/camera_module.c). */
#include "machine/camera/cam_int.h"

__attribute__((visibility("default"))) const struct cam_module cam_module = {
    .id = {.abi = CAM_MODULE_ABI, .sizes = CAM_MODULE_SIZES},
    .start = mach_camera_start,
    .audit = mach_camera_audit,
    .stop = mach_camera_stop,
    .calibrate = cam_calibrate,
    .cal_load = vis_cal_load,
    .read_file = cam_read_file,
    .cal_free = vis_cal_free,
    .card_label = vis_card_label,
};
