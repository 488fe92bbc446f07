/* machine/vision/vis_int.h - internal to machine/vision/: libvips, started once. */
#ifndef PREDUP_MACHINE_VIS_INT_H
#define PREDUP_MACHINE_VIS_INT_H

#include "machine/vision/vision.h"

#include <vips/vips.h>

/* Starts libvips once per process (thread-safe); PD_ERR_INTERNAL when it cannot. */
enum pd_status vis_vips_start(struct pd_err *e);

#endif
