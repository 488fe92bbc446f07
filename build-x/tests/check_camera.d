build-x/tests/check_camera.o: tests/check_camera.c \
 machine/camera/cam_int.h machine/driver.h machine/machine.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h \
 machine/vision/vision.h tests/check_suites.h
machine/camera/cam_int.h:
machine/driver.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
machine/vision/vision.h:
tests/check_suites.h:
